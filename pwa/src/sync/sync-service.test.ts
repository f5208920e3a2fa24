import {
  MemorySyncStore,
  type PullResponse,
  type PushRequest,
  SyncClient,
  SyncHttpError,
  type SyncTransport,
} from '@fcf/engine/sync';
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../api/session.ts';
import { SyncService, syncService } from './sync-service.ts';

/** A server stand-in that applies everything and acknowledges it on the next pull. */
function fakeServer() {
  let last = 0;
  let failWith: number | null = null;
  const pushed: PushRequest[] = [];
  const transport: SyncTransport = {
    push: async (request: PushRequest) => {
      if (failWith) throw new SyncHttpError(failWith, 'refused');
      pushed.push(request);
      for (const mutation of request.mutations) last = Math.max(last, mutation.id);
      return {
        results: request.mutations.map((mutation) => ({ id: mutation.id, status: 'applied' })),
        lastMutationId: last,
      };
    },
    pull: async (): Promise<PullResponse> => {
      if (failWith) throw new SyncHttpError(failWith, 'refused');
      return { changes: [], cursor: 1, hasMore: false, clientState: true, lastMutationId: last, issues: [] };
    },
  };
  return { transport, pushed, refuse: (status: number | null) => (failWith = status) };
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

  it('retries a failed sync only while a feature has the service started', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const server = fakeServer();
      server.refuse(503);
      const sync = service(server.transport);
      await sync.syncNow();
      expect(vi.getTimerCount()).toBe(0);
      const stopReport = sync.start();
      const stopWatchlist = sync.start();
      await sync.syncNow();
      expect(vi.getTimerCount()).toBe(1);
      stopReport();
      stopReport();
      expect(vi.getTimerCount()).toBe(1);
      stopWatchlist();
      expect(vi.getTimerCount()).toBe(0);
      // A sync under way when the last feature stopped fails afterwards: it schedules no retry either.
      await sync.syncNow();
      expect(vi.getTimerCount()).toBe(0);
      expect(sync.snapshot().error).toContain('同步失败');
    } finally {
      vi.useRealTimers();
    }
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

describe("each user's own service on a shared browser", () => {
  afterEach(() => signOut());

  it("sends one user's outbox only while they are signed in", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = fakeServer();
    signIn('alice-token', { username: 'Alice', is_admin: true });
    const alice = await syncService(server.transport);
    server.refuse(503);
    await alice.enqueue('setForecastParameter', edit);
    await alice.syncNow();
    server.refuse(null);

    signOut();
    signIn('bob-token', { username: 'bob', is_admin: true });
    const bob = await syncService(server.transport);
    expect(bob).not.toBe(alice);
    await bob.syncNow();
    // Alice's service, still around, sends nothing while bob is signed in.
    await alice.syncNow();
    expect(server.pushed).toEqual([]);
    expect(alice.snapshot().unsynced).toBe(1);
    expect(bob.snapshot().unsynced).toBe(0);

    signOut();
    signIn('alice-token', { username: 'alice', is_admin: true });
    expect(await syncService(server.transport)).toBe(alice);
    await alice.syncNow();
    expect(server.pushed.map((request) => request.mutations.map((mutation) => mutation.id))).toEqual([[1]]);
    expect(alice.snapshot().unsynced).toBe(0);
  });
});
