import { envelope } from '@fcf/engine/contract';
import {
  MemorySyncStore,
  type PushRequest,
  pullResponseSchema,
  pushResponseSchema,
  SYNC_SCHEMA_VERSION,
  SyncClient,
} from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../db/query.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { appTransport } from '../testing/app-transport.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

const MIDEA = '000333';
const TABLES = ['forecast_parameters', 'valuation_inputs'] as const;

let platform: TestPlatform;
let admin: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
});
afterAll(() => platform.close());

function client(id: string, token: () => string | undefined = () => admin) {
  const store = new MemorySyncStore(id);
  return { store, sync: new SyncClient(store, appTransport(platform.app, token), { tables: TABLES, pageSize: 7 }) };
}

const pushRequest = (body: PushRequest, token = admin) => platform.call('POST', '/api/sync/push', { token, body });

/** A push the server took: its per-mutation answer, checked against the protocol's schema. */
async function push(body: PushRequest) {
  return { body: await answerOf(await pushRequest(body), envelope(pushResponseSchema)) };
}

describe('pull', () => {
  it('pages through every public table without a token, never splitting a change sequence', async () => {
    let cursor = 0;
    const seen = new Set<string>();
    for (let page = 0; page < 500; page++) {
      const response = await platform.call('GET', `/api/sync/pull?cursor=${cursor}&limit=500`);
      const { data } = await answerOf(response, envelope(pullResponseSchema));
      for (const change of data.changes) {
        expect(change.change_seq).toBeGreaterThan(cursor);
        seen.add(`${change.table}:${change.key}`);
      }
      expect(data.cursor).toBeGreaterThanOrEqual(cursor);
      cursor = data.cursor;
      if (!data.hasMore) break;
    }
    expect([...seen].some((key) => key.startsWith('companies:000333'))).toBe(true);
    expect([...seen].some((key) => key.startsWith('statement_values:600298|income_statement|2019'))).toBe(true);
  });

  it('refuses an unknown table and a bad cursor', async () => {
    expect((await platform.call('GET', '/api/sync/pull?tables=users')).status).toBe(400);
    expect((await platform.call('GET', '/api/sync/pull?cursor=-1')).status).toBe(400);
  });
});

describe('push', () => {
  it("needs a login; an ordinary user's edits of the valuation are rejected one by one, nothing written", async () => {
    const body = { clientId: 'anonymous-client', schemaVersion: SYNC_SCHEMA_VERSION, mutations: [] };
    expect((await platform.call('POST', '/api/sync/push', { body })).status).toBe(401);
    const edit = {
      id: 1,
      name: 'setValuationParameter',
      args: { company: MIDEA, parameter: 'wacc_manual', value: 0.09 },
      baseVersion: 0,
    };
    const token = await platform.userToken();
    const response = await pushRequest(
      { clientId: 'ordinary-user-client', schemaVersion: SYNC_SCHEMA_VERSION, mutations: [edit] },
      token,
    );
    const { data } = await answerOf(response, envelope(pushResponseSchema));
    expect(data.results).toEqual([expect.objectContaining({ id: 1, status: 'rejected', code: 'admin_only' })]);
    const stored = queryOne<{ n: number }>(
      platform.db,
      'SELECT count(*) AS n FROM valuation_inputs WHERE company_code = ? AND wacc_manual = 0.09',
      MIDEA,
    );
    expect(stored?.n).toBe(0);
  });

  it('refuses a client of another schema version', async () => {
    const body = await refusalOf(
      await pushRequest({ clientId: 'old-client-0001', schemaVersion: 0, mutations: [] }),
      409,
    );
    expect(body.message).toContain('刷新页面');
  });

  it('applies, replays the same answer, rejects a poisoned mutation without blocking, reports a gap', async () => {
    const clientId = 'client-push-0001';
    const set = (id: number, value: unknown, baseVersion = 0) => ({
      id,
      name: 'setForecastParameter',
      args: { company: MIDEA, year: 2026, parameter: 'da_ratio', value },
      baseVersion,
    });
    const first = await push({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [set(1, 0.03)] });
    expect(first.body.data.results[0]?.status).toBe('applied');
    const again = await push({ clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [set(1, 0.03)] });
    expect(again.body.data.results[0]?.status).toBe('applied');
    const poisoned = await push({
      clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: [
        { id: 2, name: 'dropTables', args: {}, baseVersion: 0 },
        set(3, 'abc', 1),
        set(4, 0.04, 1),
        set(6, 0.05, 2),
      ],
    });
    expect(poisoned.body.data.results.map((result) => result.status)).toEqual([
      'rejected',
      'rejected',
      'applied',
      'gap',
    ]);
    expect(poisoned.body.data.results[0]).toMatchObject({ code: 'unknown_mutation' });
    expect(poisoned.body.data.results[0]?.message).toContain('未知的修改类型');
    expect(poisoned.body.data.results[1]).toMatchObject({ code: 'invalid_args' });
    expect(poisoned.body.data.results[1]?.message).toContain('无效的数值');
    expect(poisoned.body.data.lastMutationId).toBe(4);
  });
});

describe('two clients through SyncClient', () => {
  it('turns a concurrent edit into a conflict that keep-mine or take-theirs resolves', async () => {
    const a = client('client-a-000001');
    const b = client('client-b-000001');
    await a.sync.sync();
    await b.sync.sync();
    await a.sync.enqueue('setForecastParameter', {
      company: MIDEA,
      year: 2027,
      parameter: 'operating_revenue_yoy',
      value: 0.05,
    });
    await b.sync.enqueue('setForecastParameter', {
      company: MIDEA,
      year: 2027,
      parameter: 'operating_revenue_yoy',
      value: 0.08,
    });
    expect(await a.sync.unsyncedCount()).toBe(1);
    await a.sync.sync();
    const outcome = await b.sync.sync();
    expect(outcome.issues).toBe(1);
    const [issue] = await b.store.issues();
    expect(issue?.status).toBe('conflict');
    expect(issue?.serverRow?.data).toMatchObject({ value: 0.05 });
    // b's edit left the outbox (processed), the server value stays a's until b keeps its own.
    expect(await b.sync.unsyncedCount()).toBe(0);
    if (!issue) throw new Error('conflict expected');
    await b.sync.keepMine(issue);
    await b.sync.sync();
    await a.sync.sync();
    const key = `${MIDEA}|2027|operating_revenue_yoy`;
    expect(((await a.sync.view('forecast_parameters')).get(key) as { value: number }).value).toBe(0.08);
    expect(await b.store.issues()).toEqual([]);
  });

  it('keeps the outbox when the token is rejected', async () => {
    let token: string | undefined = 'not-a-token';
    const c = client('client-c-000001', () => token);
    await c.sync.enqueue('setValuationParameter', { company: MIDEA, parameter: 'wacc_manual', value: 0.085 });
    await expect(c.sync.sync()).rejects.toMatchObject({ status: 401 });
    expect(await c.sync.unsyncedCount()).toBe(1);
    token = admin;
    await c.sync.sync();
    expect(await c.sync.unsyncedCount()).toBe(0);
  });
});
