import { envelope, errorAnswer } from '@fcf/engine/contract';
import {
  CLIENT_OF_OTHER_USER,
  MemorySyncStore,
  pullResponseSchema,
  pushResponseSchema,
  SYNC_QUOTA_USED,
  SYNC_SCHEMA_VERSION,
  SyncClient,
} from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll, queryOne } from '../db/query.ts';
import { SYNC_LIMITS } from '../sync/sync-limits.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { appTransport } from '../testing/app-transport.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * The sync findings of a hostile test of a running server, replayed on a real libSQL file: one user
 * hijacking another's client id (pushing under it, pulling its state, moving its counter), junk
 * mutations filling the disk, and a push whose arguments nest 20,000 levels. Every answer is checked: no
 * 5xx anywhere.
 */
const MIDEA = '000333';
const GREE = '000651';
const PASSWORD = 'Sync-Identity-2026';

let platform: TestPlatform;
let admin: string;
const tokens = new Map<string, string>();
const statuses: number[] = [];

async function register(username: string): Promise<string> {
  await platform.call('POST', '/api/register', {
    body: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  const token = await platform.login(username, PASSWORD);
  tokens.set(username, token);
  return token;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
  await Promise.all(['user_a', 'user_b', 'user_c'].map(register));
});
afterAll(async () => {
  await platform.close();
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
});

const token = (username: string) => tokens.get(username) ?? '';

async function pushRaw(body: unknown, bearer?: string): Promise<Response> {
  const response = await platform.call('POST', '/api/sync/push', { ...(bearer ? { token: bearer } : {}), body });
  statuses.push(response.status);
  return response;
}

type Pushed = { id: number; name: string; args: unknown; baseVersion: number };
const push = (bearer: string, clientId: string, mutations: Pushed[]) =>
  pushRaw({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations }, bearer);

async function pull(clientId: string, tables: string, bearer?: string): Promise<Response> {
  const response = await platform.call(
    'GET',
    `/api/sync/pull?cursor=0&limit=5000&clientId=${encodeURIComponent(clientId)}&tables=${tables}`,
    bearer ? { token: bearer } : {},
  );
  statuses.push(response.status);
  return response;
}

const watch = (id: number, user: string, company: string, name = 'addToWatchlist'): Pushed => ({
  id,
  name,
  args: { user, company },
  baseVersion: 0,
});

const serverLast = (clientId: string) =>
  queryOne<{ last: number }>(
    platform.db,
    'SELECT last_mutation_id AS last FROM sync_clients WHERE client_id = ?',
    clientId,
  )?.last ?? 0;
const storedCount = () => queryOne<{ n: number }>(platform.db, 'SELECT count(*) AS n FROM sync_mutations')?.n ?? 0;

/** A browser's sync client for `username`, counting every answer's status. */
function browser(clientId: string, username: string) {
  const store = new MemorySyncStore(clientId);
  const transport = appTransport(
    {
      request: async (path, init) => {
        const response = await platform.app.request(path, init);
        statuses.push(response.status);
        return response;
      },
    },
    () => token(username),
  );
  return { store, sync: new SyncClient(store, transport, { tables: ['watchlist'] }) };
}

describe('a client id belongs to the user who first used it', () => {
  it("refuses user A pushing or pulling with B's client id, and B's queue applies in order", async () => {
    const phone = browser('user-b-phone', 'user_b');
    await phone.sync.sync();
    // Offline, B queues three edits; the middle one is the add that the hijack used to lose.
    await phone.sync.enqueue('addToWatchlist', { user: 'user_b', company: MIDEA });
    await phone.sync.enqueue('addToWatchlist', { user: 'user_b', company: GREE });
    await phone.sync.enqueue('removeFromWatchlist', { user: 'user_b', company: MIDEA });

    // A, who learned B's id, pushes under it (the replays that recovered B's history too) and pulls with it.
    for (const id of [1, 2, 3, 1]) {
      const refused = await refusalOf(await push(token('user_a'), 'user-b-phone', [watch(id, 'user_a', MIDEA)]), 403);
      expect(refused.code).toBe(CLIENT_OF_OTHER_USER);
      expect(refused.message).toMatch(/另一位用户/);
    }
    expect((await refusalOf(await pull('user-b-phone', 'watchlist', token('user_a')), 403)).code).toBe(
      CLIENT_OF_OTHER_USER,
    );
    // Not even an admin may use it.
    await refusalOf(await push(admin, 'user-b-phone', [watch(1, 'admin', MIDEA)]), 403);
    expect(serverLast('user-b-phone')).toBe(0);

    const outcome = await phone.sync.sync();
    expect(outcome).toMatchObject({ unsynced: 0, rejected: 0, issues: 0 });
    expect(
      queryAll<{ mutation_id: number; name: string; status: string }>(
        platform.db,
        "SELECT mutation_id, name, status FROM sync_mutations WHERE client_id = 'user-b-phone' ORDER BY rowid",
      ),
    ).toEqual([
      { mutation_id: 1, name: 'addToWatchlist', status: 'applied' },
      { mutation_id: 2, name: 'addToWatchlist', status: 'applied' },
      { mutation_id: 3, name: 'removeFromWatchlist', status: 'applied' },
    ]);
    expect(
      queryAll<{ company_code: string; deleted: number }>(
        platform.db,
        "SELECT company_code, deleted FROM watchlist WHERE username = 'user_b' ORDER BY company_code",
      ),
    ).toEqual([
      { company_code: MIDEA, deleted: 1 },
      { company_code: GREE, deleted: 0 },
    ]);
  });

  it("answers an anonymous pull with a client's id with public rows only: nothing of its state", async () => {
    // The admin's client holds an open conflict: an unsaved value of theirs.
    const clientId = 'admin-laptop';
    const answer = await answerOf(
      await push(admin, clientId, [
        {
          id: 1,
          name: 'setForecastParameter',
          args: { company: MIDEA, year: 2026, parameter: 'da_ratio', value: 0.0421 },
          baseVersion: 99,
        },
      ]),
      envelope(pushResponseSchema),
    );
    expect(answer.data.results[0]?.status).toBe('conflict');

    const own = await answerOf(await pull(clientId, 'forecast_parameters', admin), envelope(pullResponseSchema));
    expect(own.data).toMatchObject({ clientState: true, lastMutationId: 1 });
    expect(own.data.issues.map((issue) => issue.mutationId)).toEqual([1]);

    const anonymous = await answerOf(
      await pull(clientId, 'companies,watchlist', undefined),
      envelope(pullResponseSchema),
    );
    expect(anonymous.data).toMatchObject({ clientState: false, lastMutationId: 0, issues: [] });
    expect(anonymous.data.changes.some((row) => row.table === 'companies')).toBe(true);
    expect(anonymous.data.changes.filter((row) => row.table === 'watchlist')).toEqual([]);
    expect(JSON.stringify(anonymous.data)).not.toContain('0.0421');

    await refusalOf(await pull(clientId, 'forecast_parameters', token('user_a')), 403);
  });

  it(`binds at most ${SYNC_LIMITS.newClientsPerDay} new client ids a day per user, then 429 with Retry-After`, async () => {
    const bound = queryOne<{ n: number }>(
      platform.db,
      "SELECT count(*) AS n FROM sync_clients WHERE username = 'user_c'",
    )?.n;
    expect(bound).toBe(0);
    for (let index = 0; index < SYNC_LIMITS.newClientsPerDay; index++) {
      expect((await pull(`user-c-device-${index}`, 'watchlist', token('user_c'))).status).toBe(200);
    }
    const refused = await pull('user-c-device-extra', 'watchlist', token('user_c'));
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refusalOf(refused, 429)).code).toBe(SYNC_QUOTA_USED);
    // A client already bound goes on.
    expect((await pull('user-c-device-0', 'watchlist', token('user_c'))).status).toBe(200);
  });
});

/** Mutations of every junk kind: unknown names, arguments that do not fit, too long, nested too deep. */
function junk(id: number): Pushed {
  const kinds: Pushed[] = [
    { id, name: `dropTable${id}`, args: { x: id }, baseVersion: 0 },
    { id, name: 'addToWatchlist', args: { user: 'user_a', company: 'x'.repeat(40) }, baseVersion: 0 },
    { id, name: 'setForecastParameter', args: { company: MIDEA, year: 'soon', value: [1, 2] }, baseVersion: 0 },
    { id, name: 'addToWatchlist', args: { user: 'user_a', company: MIDEA, extra: 'y'.repeat(300) }, baseVersion: 0 },
    { id, name: 'resolveConflict', args: [[[[[[[[[[id]]]]]]]]]], baseVersion: 0 },
  ];
  return kinds[id % kinds.length] as Pushed;
}

describe('what the server stores', () => {
  it('stores no junk: pushes of 100 junk mutations are each answered and store nothing', async () => {
    const before = storedCount();
    for (let round = 0; round < 5; round++) {
      const mutations = Array.from({ length: 100 }, (_, index) => junk(round * 100 + index + 1));
      const { data } = await answerOf(
        await push(token('user_a'), 'user-a-junk', mutations),
        envelope(pushResponseSchema),
      );
      expect(data.results).toHaveLength(100);
      for (const result of data.results) {
        expect(result.status).toBe('rejected');
        expect(['unknown_mutation', 'invalid_args']).toContain(result.code);
      }
    }
    expect(storedCount()).toBe(before);
    expect(serverLast('user-a-junk')).toBe(500);
  });

  it('holds each user to the daily quota: the rest of a push waits, then 429 with Retry-After', async () => {
    const limit = SYNC_LIMITS.mutationsPerDay;
    // The day so far: all but three of the quota used (as by the 37,600-row flood, cut short).
    const at = new Date().toISOString();
    platform.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO sync_mutations (client_id, mutation_id, name, args_json, base_version, status, username, at)
         SELECT 'user-c-earlier', i, 'addToWatchlist', '{}', 0, 'applied', 'user_c', ? FROM n`,
      )
      .run([limit - 3, at]);
    const companies = [MIDEA, GREE, '600690', '600298', '000001'];
    const first = await answerOf(
      await push(
        token('user_c'),
        'user-c-device-0',
        companies.map((company, index) => watch(index + 1, 'user_c', company)),
      ),
      envelope(pushResponseSchema),
    );
    expect(first.data.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'gap', 'gap']);
    expect(first.data.results[3]?.message).toMatch(/上限/);
    const refused = await push(token('user_c'), 'user-c-device-0', [watch(4, 'user_c', '600298')]);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = await answerOf(refused, errorAnswer, 429);
    expect(body.code).toBe(SYNC_QUOTA_USED);
    expect(body.message).toContain(`${limit}`);
    expect(
      queryOne<{ n: number }>(platform.db, "SELECT count(*) AS n FROM sync_mutations WHERE username = 'user_c'")?.n,
    ).toBe(limit);
    // What was processed is still answered from the record (a lost answer costs nothing).
    const replay = await answerOf(
      await push(token('user_c'), 'user-c-device-0', [watch(1, 'user_c', MIDEA)]),
      envelope(pushResponseSchema),
    );
    expect(replay.data.results[0]?.status).toBe('applied');
  });

  it(`keeps records ${SYNC_LIMITS.retentionDays} days: a push removes older ones, an open conflict stays`, async () => {
    const old = new Date(Date.now() - (SYNC_LIMITS.retentionDays + 1) * 24 * 60 * 60 * 1000).toISOString();
    const insert = platform.db.prepare(
      `INSERT INTO sync_mutations (client_id, mutation_id, name, args_json, base_version, status, username, at)
       VALUES ('user-a-old', ?, 'addToWatchlist', '{}', 0, ?, 'user_a', ?)`,
    );
    for (let id = 1; id <= 10; id++) insert.run([id, id === 4 ? 'conflict' : 'applied', old]);
    await answerOf(
      await push(token('user_a'), 'user-a-laptop', [watch(1, 'user_a', MIDEA)]),
      envelope(pushResponseSchema),
    );
    expect(
      queryAll<{ mutation_id: number }>(
        platform.db,
        "SELECT mutation_id FROM sync_mutations WHERE client_id = 'user-a-old'",
      ).map((row) => row.mutation_id),
    ).toEqual([4]);
  });
});

describe('arguments nested 20,000 levels deep', () => {
  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  const body = (clientId: string, middle: string) =>
    `{"clientId":"${clientId}","schemaVersion":${SYNC_SCHEMA_VERSION},"mutations":[` +
    `{"id":1,"name":"addToWatchlist","args":{"user":"user_a","company":"${MIDEA}"},"baseVersion":0},` +
    `{"id":2,"name":"addToWatchlist","args":${middle},"baseVersion":0},` +
    `{"id":3,"name":"addToWatchlist","args":{"user":"user_a","company":"${GREE}"},"baseVersion":0}]}`;

  it('reject that mutation naming args and answer the rest of the push, again on a replay', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const { data } = await answerOf(
        await pushRaw(body('user-a-deep', deep), token('user_a')),
        envelope(pushResponseSchema),
      );
      expect(data.results.map((result) => [result.id, result.status, result.code])).toEqual([
        [1, 'applied', undefined],
        [2, 'rejected', 'invalid_args'],
        [3, 'applied', undefined],
      ]);
      expect(data.results[1]?.message).toContain('args 嵌套过深');
    }
    expect(
      queryAll<{ mutation_id: number }>(
        platform.db,
        "SELECT mutation_id FROM sync_mutations WHERE client_id = 'user-a-deep' ORDER BY mutation_id",
      ).map((row) => row.mutation_id),
    ).toEqual([1, 3]);
  });

  it('refuse a body nested deep outside any args with a 400 naming the field', async () => {
    const nestedMutations = `{"clientId":"user-a-deep-2","schemaVersion":${SYNC_SCHEMA_VERSION},"mutations":${deep}}`;
    expect((await refusalOf(await pushRaw(nestedMutations, token('user_a')), 400)).message).toContain('mutations');
    const nestedBase = body('user-a-deep-3', '{}').replace('"baseVersion":0}]}', `"baseVersion":${deep}}]}`);
    expect((await refusalOf(await pushRaw(nestedBase, token('user_a')), 400)).message).toContain('baseVersion');
    expect(serverLast('user-a-deep-2')).toBe(0);
  });
});
