import {
  MemorySyncStore,
  type PullResponse,
  type PushRequest,
  SyncClient,
  SyncHttpError,
  type SyncTransport,
} from '@fcf/engine/sync';
import { describe, expect, it } from 'vitest';
import { SyncService } from './sync-service.ts';

/** A server stand-in that applies everything and acknowledges it on the next pull. */
function fakeServer() {
  let last = 0;
  let failWith: number | null = null;
  const transport: SyncTransport = {
    push: async (request: PushRequest) => {
      if (failWith) throw new SyncHttpError(failWith, 'refused');
      for (const mutation of request.mutations) last = Math.max(last, mutation.id);
      return {
        results: request.mutations.map((mutation) => ({ id: mutation.id, status: 'applied' })),
        lastMutationId: last,
      };
    },
    pull: async (): Promise<PullResponse> => {
      if (failWith) throw new SyncHttpError(failWith, 'refused');
      return { changes: [], cursor: 1, hasMore: false, lastMutationId: last, issues: [] };
    },
  };
  return { transport, refuse: (status: number | null) => (failWith = status) };
}

function service(transport: SyncTransport) {
  const store = new MemorySyncStore('service-client');
  return new SyncService(new SyncClient(store, transport, { tables: ['forecast_parameters'] }), store);
}

const edit = { company: '000333', year: 2026, parameter: 'da_ratio', value: 0.03 } as const;

describe('the sync service', () => {
  it('counts unsynced edits and syncs them', async () => {
    const server = fakeServer();
    const sync = service(server.transport);
    server.refuse(503);
    await sync.enqueue('setForecastParameter', edit);
    await sync.syncNow();
    expect(sync.snapshot().unsynced).toBe(1);
    expect(sync.snapshot().error).toContain('同步失败');
    server.refuse(null);
    await sync.syncNow();
    expect(sync.snapshot()).toMatchObject({ unsynced: 0, error: null, syncing: false });
    expect(sync.snapshot().lastSyncedAt).not.toBeNull();
  });

  it('keeps the outbox and asks to log in again on a 401', async () => {
    const server = fakeServer();
    const sync = service(server.transport);
    server.refuse(401);
    await sync.enqueue('setForecastParameter', edit);
    await sync.syncNow();
    expect(sync.snapshot().needsLogin).toBe(true);
    expect(sync.snapshot().unsynced).toBe(1);
    expect(sync.snapshot().error).toContain('重新登录');
  });

  it('tells subscribers about every change', async () => {
    const server = fakeServer();
    const sync = service(server.transport);
    let calls = 0;
    const stop = sync.subscribe(() => calls++);
    await sync.enqueue('setForecastParameter', edit);
    await sync.syncNow();
    stop();
    expect(calls).toBeGreaterThan(1);
  });
});
