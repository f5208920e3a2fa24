import { describe, expect, it } from 'vitest';
import { InvalidMutationError, SyncClient, SyncHttpError, type SyncTransport } from './client.ts';
import { MemorySyncStore } from './memory-store.ts';
import {
  CLIENT_OF_OTHER_USER,
  MAX_PUSH_MUTATIONS,
  type MutationResult,
  type OpenIssue,
  type PushRequest,
  type SyncRow,
} from './protocol.ts';
import type { RejectionCode } from './rejections.ts';

type Pushed = PushRequest['mutations'][number];

/**
 * A scripted server: `decide` answers each new mutation; already answered ids get their first answer
 * again; pulls bring `rows` once and acknowledge everything answered.
 */
interface ScriptedServer {
  readonly pushes: number[][];
  issues: OpenIssue[];
  rows: SyncRow[];
  /** The id the server reports as processed (settable: a client restored from an older copy). */
  last: number;
  readonly transport: SyncTransport;
}

function scriptedServer(
  decide: (mutation: Pushed) => Omit<MutationResult, 'id'> = () => ({ status: 'applied' }),
): ScriptedServer {
  const answered = new Map<number, MutationResult>();
  const pushes: number[][] = [];
  const server: ScriptedServer = {
    pushes,
    issues: [],
    rows: [],
    last: 0,
    transport: {
      push: async (request: PushRequest) => {
        pushes.push(request.mutations.map((mutation) => mutation.id));
        const results = request.mutations.map((mutation) => {
          const known = answered.get(mutation.id);
          if (known) return known;
          const result = { id: mutation.id, ...decide(mutation) };
          answered.set(mutation.id, result);
          server.last = Math.max(server.last, mutation.id);
          return result;
        });
        return { results, lastMutationId: server.last };
      },
      pull: async () => {
        const changes = server.rows;
        server.rows = [];
        return {
          changes,
          cursor: 1,
          hasMore: false,
          clientState: true,
          lastMutationId: server.last,
          issues: server.issues,
        };
      },
    },
  };
  return server;
}

function clientOf(transport: SyncTransport, store = new MemorySyncStore('client-under-test')) {
  return { store, client: new SyncClient(store, transport, { tables: ['forecast_parameters', 'valuation_inputs'] }) };
}

const edit = (year: number, value: number | null = 0.03, company = '000333') =>
  ({ company, year, parameter: 'da_ratio', value }) as const;

const rejectWhen =
  (code: RejectionCode, when: (mutation: Pushed) => boolean) =>
  (mutation: Pushed): Omit<MutationResult, 'id'> =>
    when(mutation) ? { status: 'rejected', code, message: `拒绝：${code}` } : { status: 'applied' };

const forCompany = (company: string) => (mutation: Pushed) =>
  (mutation.args as { company?: string }).company === company;

describe('the sync client', () => {
  it(`pushes a long outbox in order, in chunks of at most ${MAX_PUSH_MUTATIONS}`, async () => {
    const server = scriptedServer();
    const { client, store } = clientOf(server.transport);
    for (let index = 0; index < 250; index++) await client.enqueue('setForecastParameter', edit(2026, index / 1000));
    expect(await client.sync()).toMatchObject({ pushed: 250, unsynced: 0 });
    expect(server.pushes.map((ids) => [ids[0], ids.length])).toEqual([
      [1, 100],
      [101, 100],
      [201, 50],
    ]);
    expect(await store.outbox()).toEqual([]);
  });

  it('moves a rejected edit out of the outbox into the rejected list, and the edits after it still sync', async () => {
    const server = scriptedServer(rejectWhen('no_history', forCompany('600690')));
    const { client, store } = clientOf(server.transport);
    await client.enqueue('setForecastParameter', edit(2026, 0.05, '600690'));
    await client.enqueue('setForecastParameter', edit(2026, 0.03));
    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 1 });
    expect(await store.rejected()).toEqual([
      expect.objectContaining({
        id: 1,
        code: 'no_history',
        message: '拒绝：no_history',
        args: edit(2026, 0.05, '600690'),
      }),
    ]);
    expect((await client.view('forecast_parameters')).has('600690|2026|da_ratio')).toBe(false);
    await client.enqueue('setForecastParameter', edit(2027));
    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 1 });
    expect(server.pushes).toEqual([[1, 2], [3]]);
  });

  it('retries a transient rejection as a new mutation on the current server version; discards any', async () => {
    let refuse = true;
    const server = scriptedServer((mutation) =>
      refuse ? rejectWhen('no_history', () => true)(mutation) : { status: 'applied' },
    );
    const { client, store } = clientOf(server.transport);
    await client.enqueue('setForecastParameter', edit(2026));
    await client.sync();
    server.rows = [
      { table: 'forecast_parameters', key: '000333|2026|da_ratio', version: 4, change_seq: 9, data: { value: 0.02 } },
    ];
    await client.sync();
    refuse = false;
    await client.retryRejected(1);
    expect(await store.rejected()).toEqual([]);
    expect(await store.outbox()).toEqual([expect.objectContaining({ id: 2, baseVersion: 4, args: edit(2026) })]);
    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 0 });

    refuse = true;
    await client.enqueue('setForecastParameter', edit(2028));
    await client.sync();
    await client.discardRejected(3);
    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 0 });
  });

  it('offers no retry for a reason that cannot pass', async () => {
    const server = scriptedServer(rejectWhen('out_of_range', () => true));
    const { client, store } = clientOf(server.transport);
    await client.enqueue('setForecastParameter', edit(2026, 0.4));
    await client.sync();
    await expect(client.retryRejected(1)).rejects.toBeInstanceOf(InvalidMutationError);
    expect(await store.rejected()).toHaveLength(1);
    expect(await store.outbox()).toEqual([]);
  });

  it('never drops an entry no push answered, and never reuses an id the server has processed', async () => {
    // A client restored from an older copy: the server has processed ids up to 5 under its client id,
    // id 1 for another payload.
    const server = scriptedServer();
    server.last = 5;
    const { client, store } = clientOf({
      ...server.transport,
      push: async (request) => ({
        results: request.mutations.map((mutation) => ({
          id: mutation.id,
          status: 'rejected' as const,
          code: 'id_reused' as const,
          message: '编号已被使用',
        })),
        lastMutationId: 5,
      }),
    });
    await client.enqueue('setForecastParameter', edit(2026));
    await client.sync();
    expect(await store.rejected()).toEqual([expect.objectContaining({ id: 1, code: 'id_reused' })]);
    expect((await store.readState()).nextMutationId).toBe(6);
    await client.retryRejected(1);
    expect(await store.outbox()).toEqual([expect.objectContaining({ id: 6 })]);
  });

  it('keeps the outbox when a pull says more was processed than this sync pushed', async () => {
    const server = scriptedServer();
    const { client, store } = clientOf({ ...server.transport, push: async () => ({ results: [], lastMutationId: 0 }) });
    server.last = 9;
    await client.enqueue('setForecastParameter', edit(2026));
    await client.sync();
    expect(await store.outbox()).toHaveLength(1);
  });

  it('refuses a malformed push answer whole and keeps the outbox', async () => {
    const server = scriptedServer();
    const { client, store } = clientOf({
      ...server.transport,
      push: async () => ({ results: [{ id: 1, status: 'lost' }], lastMutationId: 1 }) as never,
    });
    await client.enqueue('setForecastParameter', edit(2026));
    await expect(client.sync()).rejects.toThrow('服务器的同步应答格式不正确');
    expect(await store.outbox()).toHaveLength(1);
  });

  it('reads a rejection code it does not know as internal, and lists no refused dismissal', async () => {
    const server = scriptedServer((mutation) =>
      mutation.name === 'resolveConflict'
        ? { status: 'rejected', code: 'invalid_args', message: '没有这条修改' }
        : ({ status: 'rejected', code: 'from_the_future', message: '新的原因' } as never),
    );
    const { client, store } = clientOf(server.transport);
    await client.enqueue('setForecastParameter', edit(2026));
    await client.enqueue('resolveConflict', { mutationId: 77 });
    await client.sync();
    expect(await store.rejected()).toEqual([expect.objectContaining({ id: 1, code: 'internal', message: '新的原因' })]);
    expect(await store.outbox()).toEqual([]);
  });

  it('does not bring back a conflict whose dismissal is still queued', async () => {
    const conflict: OpenIssue = {
      mutationId: 1,
      status: 'conflict',
      name: 'setForecastParameter',
      args: edit(2026),
      reason: '服务器上的数据已被他人修改',
      serverRow: null,
    };
    const server = scriptedServer();
    server.issues = [conflict];
    const { client, store } = clientOf({ ...server.transport, push: async () => Promise.reject(new Error('离线')) });
    await store.writeIssues([conflict]);
    await client.takeTheirs(conflict);
    await expect(client.sync()).rejects.toThrow('离线');
    const online = clientOf(server.transport, store).client;
    // The pull still lists the conflict (its dismissal not yet pushed when the list was read).
    server.transport.push = async (request) => ({
      results: request.mutations.map((mutation) => ({ id: mutation.id, status: 'gap' as const })),
      lastMutationId: 0,
    });
    await online.sync();
    expect(await store.issues()).toEqual([]);
  });
});

describe('the client and its user', () => {
  it('confirms nothing from a pull without its state (a token expired meanwhile) and keeps its conflicts', async () => {
    const server = scriptedServer();
    const { client, store } = clientOf(server.transport);
    await client.enqueue('setForecastParameter', edit(2026));
    const conflict: OpenIssue = {
      mutationId: 9,
      status: 'conflict',
      name: 'setForecastParameter',
      args: edit(2027),
      reason: '服务器上的数据已被他人修改',
      serverRow: null,
    };
    await store.writeIssues([conflict]);
    const anonymousPull = server.transport.pull;
    server.transport.pull = async (request) => ({
      ...(await anonymousPull(request)),
      clientState: false,
      lastMutationId: 0,
      issues: [],
    });
    await client.sync();
    expect(await store.outbox()).toHaveLength(1);
    expect(await store.issues()).toEqual([conflict]);
    expect((await store.readState()).lastMutationId).toBe(1);
  });

  it("releases a client id the server says is another user's and syncs on a new one, its outbox kept apart", async () => {
    const server = scriptedServer();
    const refusing: SyncTransport = {
      push: async (request) => {
        if (request.clientId === 'shared-client') {
          throw new SyncHttpError(403, '该同步客户端属于另一位用户', CLIENT_OF_OTHER_USER);
        }
        return server.transport.push(request);
      },
      pull: server.transport.pull,
    };
    const store = new MemorySyncStore('shared-client', () => 'own-client');
    const { client } = clientOf(refusing, store);
    await client.enqueue('setForecastParameter', edit(2026));
    await client.sync();
    expect((await store.readState()).clientId).toBe('own-client');
    expect(await store.outbox()).toEqual([]);
    expect(store.released.map((released) => [released.state.clientId, released.outbox.length])).toEqual([
      ['shared-client', 1],
    ]);
    expect(server.pushes).toEqual([]);
  });
});
