import { envelope, errorAnswer } from '@fcf/engine/contract';
import {
  MemorySyncStore,
  pullResponseSchema,
  pushResponseSchema,
  SCENARIO_LIMITS,
  type StoryStoredScenario,
  SYNC_QUOTA_USED,
  SYNC_SCHEMA_VERSION,
  SyncClient,
  scenarioKey,
  scenarioRowSchema,
} from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll, queryOne } from '../db/query.ts';
import { answerOf } from '../testing/answers.ts';
import { appTransport } from '../testing/app-transport.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { SYNC_LIMITS } from './sync-limits.ts';

/**
 * Valuation scenarios through sync on a real libSQL file (docs/sync.md, the `scenarios` table): each
 * user's rows reach only them, bad input is refused and writes nothing, a stale edit is a conflict, and
 * the limits hold.
 */
const MIDEA = '000333';
const GREE = '000651';
const PASSWORD = 'Scenario-Sync-2026';

let platform: TestPlatform;
const tokens = new Map<string, string>();
let clients = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const username of ['ann', 'bob', 'cat']) {
    await platform.call('POST', '/api/register', {
      body: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    tokens.set(username, await platform.login(username, PASSWORD));
  }
});
afterAll(() => platform.close());

const token = (username: string) => tokens.get(username) ?? '';

const INPUTS = {
  revenue_growth: 0.08,
  target_margin: 0.12,
  sales_to_capital: 2.5,
  wacc: 0.085,
  terminal_growth: 0.025,
  tax_rate: 0.15,
};

function scenario(id: string, patch: Partial<StoryStoredScenario> = {}): StoryStoredScenario {
  return { id, company: MIDEA, name: '乐观', weight: 0.25, model: 'story', inputs: INPUTS, ...patch };
}

/** A browser of `username` (its own client id), syncing the scenarios table. */
function browser(username: string) {
  clients += 1;
  const store = new MemorySyncStore(`scenario-browser-${clients}`);
  const transport = appTransport(platform.app, () => token(username));
  return { store, client: new SyncClient(store, transport, { tables: ['scenarios'] }) };
}

type Pushed = { id: number; name: string; args: unknown; baseVersion: number };
async function push(username: string, mutations: Pushed[]) {
  clients += 1;
  const response = await platform.call('POST', '/api/sync/push', {
    token: token(username),
    body: { clientId: `scenario-raw-${clients}`, schemaVersion: SYNC_SCHEMA_VERSION, mutations },
  });
  return (await answerOf(response, envelope(pushResponseSchema))).data;
}

async function pulledScenarios(username?: string) {
  const response = await platform.call(
    'GET',
    '/api/sync/pull?cursor=0&tables=scenarios',
    username ? { token: token(username) } : {},
  );
  return (await answerOf(response, envelope(pullResponseSchema))).data.changes;
}

const storedRows = () =>
  queryAll<{ username: string; id: string; version: number; deleted: number; name: string }>(
    platform.db,
    'SELECT username, id, version, deleted, name FROM scenarios ORDER BY username, id',
  );
const changeCounter = () => queryOne<{ seq: number }>(platform.db, 'SELECT seq FROM change_counter')?.seq;

describe('scenarios: each user’s own', () => {
  it('a scenario saved in one browser reaches the same user’s other browser, and no one else', async () => {
    const phone = browser('ann');
    await phone.client.enqueue('putScenario', { user: 'Ann', scenario: scenario('ann-bull') });
    // Offline the view already shows it.
    expect((await phone.client.view('scenarios')).get(scenarioKey('ann', 'ann-bull'))).toMatchObject({
      name: '乐观',
      company_code: MIDEA,
    });
    await phone.client.sync();
    expect(await phone.client.unsyncedCount()).toBe(0);

    const laptop = browser('ann');
    await laptop.client.sync();
    const row = (await laptop.client.view('scenarios')).get(scenarioKey('ann', 'ann-bull'));
    expect(scenarioRowSchema.parse(row)).toMatchObject({ username: 'ann', name: '乐观', weight: 0.25, inputs: INPUTS });

    const keys = async (username?: string) => (await pulledScenarios(username)).map((change) => change.key);
    expect(await keys('ann')).toEqual([scenarioKey('ann', 'ann-bull')]);
    expect(await keys('bob')).toEqual([]);
    expect(await keys()).toEqual([]);
  });

  it('refuses an edit of another user’s scenarios (other_user) and writes nothing', async () => {
    const before = storedRows();
    const answer = await push('bob', [
      { id: 1, name: 'putScenario', args: { user: 'ann', scenario: scenario('ann-bull') }, baseVersion: 1 },
      { id: 2, name: 'deleteScenario', args: { user: 'ann', id: 'ann-bull' }, baseVersion: 1 },
    ]);
    expect(answer.results.map((result) => result.code)).toEqual(['other_user', 'other_user']);
    expect(answer.results[0]?.message).toContain('估值情景');
    expect(storedRows()).toEqual(before);
  });

  it('two users may use the same id: each keeps their own scenario', async () => {
    const answer = await push('bob', [
      {
        id: 1,
        name: 'putScenario',
        args: { user: 'bob', scenario: scenario('ann-bull', { name: '悲观' }) },
        baseVersion: 0,
      },
    ]);
    expect(answer.results[0]?.status).toBe('applied');
    const names = (await pulledScenarios('ann')).map((change) => change.data?.name);
    expect(names).toEqual(['乐观']);
  });
});

describe('scenarios: bad input changes nothing', () => {
  const bad: [string, unknown][] = [
    ['weight above 1', { user: 'cat', scenario: scenario('c1', { weight: 1.5 }) }],
    ['a negative weight', { user: 'cat', scenario: scenario('c1', { weight: -0.1 }) }],
    ['WACC out of range', { user: 'cat', scenario: scenario('c1', { inputs: { ...INPUTS, wacc: 3 } }) }],
    ['a huge growth', { user: 'cat', scenario: scenario('c1', { inputs: { ...INPUTS, revenue_growth: 1e308 } }) }],
    ['an input as text', { user: 'cat', scenario: { ...scenario('c1'), inputs: { ...INPUTS, tax_rate: '0.1' } } }],
    ['an input missing', { user: 'cat', scenario: { ...scenario('c1'), inputs: { wacc: 0.08 } } }],
    ['an unknown input', { user: 'cat', scenario: { ...scenario('c1'), inputs: { ...INPUTS, beta: 1 } } }],
    ['a name of 41 characters', { user: 'cat', scenario: scenario('c1', { name: '长'.repeat(41) }) }],
    ['an empty name', { user: 'cat', scenario: scenario('c1', { name: '' }) }],
    ['a zero-width space', { user: 'cat', scenario: scenario('c1', { name: '乐观\u200B' }) }],
    ['a direction override', { user: 'cat', scenario: scenario('c1', { name: '\u202E观乐' }) }],
    ['full-width letters (not NFKC)', { user: 'cat', scenario: scenario('c1', { name: 'ＡＢＣ' }) }],
    ['spaces around the name', { user: 'cat', scenario: scenario('c1', { name: ' 乐观 ' }) }],
    ['an id with a bar', { user: 'cat', scenario: scenario('c|1') }],
    ['a company that is not a code', { user: 'cat', scenario: scenario('c1', { company: '美的集团' }) }],
    ['an extra field', { user: 'cat', scenario: { ...scenario('c1'), owner: 'ann' } }],
  ];

  it.each(bad)('%s: rejected invalid_args with a Chinese message, nothing stored', async (_, args) => {
    const before = { rows: storedRows(), seq: changeCounter() };
    const answer = await push('cat', [{ id: 1, name: 'putScenario', args, baseVersion: 0 }]);
    expect(answer.results[0]).toMatchObject({ status: 'rejected', code: 'invalid_args' });
    expect(answer.results[0]?.message).toMatch(/[\u4e00-\u9fa5]/);
    expect({ rows: storedRows(), seq: changeCounter() }).toEqual(before);
  });

  it('names the problem in words: the invisible character, the range', async () => {
    const [invisible, range] = (
      await push('cat', [
        { id: 1, name: 'putScenario', args: bad[9]?.[1], baseVersion: 0 },
        { id: 2, name: 'putScenario', args: bad[2]?.[1], baseVersion: 0 },
      ])
    ).results;
    expect(invisible?.message).toContain('U+200B');
    expect(range?.message).toContain('WACC超出合理范围（1% 至 30%）');
  });

  it('refuses an unknown company and a scenario moved to another company', async () => {
    const answer = await push('cat', [
      {
        id: 1,
        name: 'putScenario',
        args: { user: 'cat', scenario: scenario('c2', { company: '999999' }) },
        baseVersion: 0,
      },
      { id: 2, name: 'putScenario', args: { user: 'cat', scenario: scenario('c2') }, baseVersion: 0 },
      {
        id: 3,
        name: 'putScenario',
        args: { user: 'cat', scenario: scenario('c2', { company: GREE }) },
        baseVersion: 1,
      },
    ]);
    expect(answer.results.map((result) => result.code ?? result.status)).toEqual([
      'unknown_company',
      'applied',
      'invalid_args',
    ]);
    expect(storedRows().filter((row) => row.id === 'c2')).toEqual([
      { username: 'cat', id: 'c2', version: 1, deleted: 0, name: '乐观' },
    ]);
  });
});

describe('scenarios: concurrent edits', () => {
  it('an edit based on a version another browser replaced is a conflict; keep mine re-applies it', async () => {
    const phone = browser('ann');
    const laptop = browser('ann');
    await phone.client.sync();
    await laptop.client.sync();
    // Both start from version 1 of 'ann-bull'; the phone renames it first.
    await phone.client.enqueue('putScenario', {
      user: 'ann',
      scenario: scenario('ann-bull', { name: '乐观-手机' }),
    });
    await phone.client.sync();
    await laptop.client.enqueue('putScenario', { user: 'ann', scenario: scenario('ann-bull', { weight: 0.3 }) });
    const outcome = await laptop.client.sync();
    expect(outcome.issues).toBe(1);
    const [issue] = await laptop.store.issues();
    expect(issue?.name).toBe('putScenario');
    expect(issue?.serverRow?.data).toMatchObject({ name: '乐观-手机', weight: 0.25 });
    // The server kept the phone's edit.
    expect(storedRows().find((row) => row.username === 'ann' && row.id === 'ann-bull')).toMatchObject({
      version: 2,
      name: '乐观-手机',
    });

    if (!issue) throw new Error('no conflict');
    await laptop.client.keepMine(issue);
    await laptop.client.sync();
    expect(await laptop.store.issues()).toEqual([]);
    const row = (await laptop.client.view('scenarios')).get(scenarioKey('ann', 'ann-bull'));
    expect(row).toMatchObject({ name: '乐观', weight: 0.3 });
    expect(storedRows().find((stored) => stored.username === 'ann' && stored.id === 'ann-bull')?.version).toBe(3);
  });

  it('a deletion of a scenario edited meanwhile is a conflict; deleting one already deleted is not', async () => {
    const phone = browser('ann');
    const laptop = browser('ann');
    await phone.client.enqueue('putScenario', { user: 'ann', scenario: scenario('ann-base', { name: '基准' }) });
    await phone.client.sync();
    await laptop.client.sync();
    await phone.client.enqueue('putScenario', { user: 'ann', scenario: scenario('ann-base', { weight: 0.5 }) });
    await phone.client.sync();
    await laptop.client.enqueue('deleteScenario', { user: 'ann', id: 'ann-base' });
    expect((await laptop.client.sync()).issues).toBe(1);
    expect(storedRows().find((row) => row.id === 'ann-base')).toMatchObject({ deleted: 0, version: 2 });

    await phone.client.enqueue('deleteScenario', { user: 'ann', id: 'ann-base' });
    await phone.client.sync();
    // The laptop, still at version 2, deletes too: both want it gone.
    const [issue] = await laptop.store.issues();
    if (!issue) throw new Error('no conflict');
    await laptop.client.takeTheirs(issue);
    await laptop.client.enqueue('deleteScenario', { user: 'ann', id: 'ann-base' });
    const outcome = await laptop.client.sync();
    expect(outcome).toMatchObject({ issues: 0, rejected: 0, unsynced: 0 });
    expect((await laptop.client.view('scenarios')).get(scenarioKey('ann', 'ann-base'))).toBeNull();
    // The tombstone keeps neither name nor inputs.
    const tombstone = queryOne<{ name: string; inputs: string; deleted: number }>(
      platform.db,
      "SELECT name, inputs, deleted FROM scenarios WHERE username = 'ann' AND id = 'ann-base'",
    );
    expect(tombstone).toEqual({ name: '', inputs: '{}', deleted: 1 });
  });
});

describe('scenarios: limits', () => {
  it(`keeps at most ${SCENARIO_LIMITS.perCompany} live scenarios per company; a deletion makes room`, async () => {
    const ids = Array.from({ length: SCENARIO_LIMITS.perCompany + 1 }, (_, index) => `dan-${index}`);
    await platform.call('POST', '/api/register', {
      body: { username: 'dan', email: 'dan@example.com', password: PASSWORD },
    });
    tokens.set('dan', await platform.login('dan', PASSWORD));
    const answer = await push(
      'dan',
      ids.map((id, index) => ({
        id: index + 1,
        name: 'putScenario',
        args: { user: 'dan', scenario: scenario(id, { company: GREE }) },
        baseVersion: 0,
      })),
    );
    const last = answer.results.at(-1);
    expect(answer.results.filter((result) => result.status === 'applied')).toHaveLength(SCENARIO_LIMITS.perCompany);
    expect(last).toMatchObject({ status: 'rejected', code: 'scenario_limit' });
    expect(last?.message).toContain(`${SCENARIO_LIMITS.perCompany}`);
    // Another company still has room; an edit of a live one is no new scenario.
    const more = await push('dan', [
      { id: 1, name: 'putScenario', args: { user: 'dan', scenario: scenario('dan-other') }, baseVersion: 0 },
      {
        id: 2,
        name: 'putScenario',
        args: { user: 'dan', scenario: scenario('dan-0', { company: GREE, weight: 0.1 }) },
        baseVersion: 1,
      },
      { id: 3, name: 'deleteScenario', args: { user: 'dan', id: 'dan-1' }, baseVersion: 1 },
      {
        id: 4,
        name: 'putScenario',
        args: { user: 'dan', scenario: scenario(ids.at(-1) ?? '', { company: GREE }) },
        baseVersion: 0,
      },
    ]);
    expect(more.results.map((result) => result.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
  });

  it('holds scenario edits to the daily quota of stored mutations: the rest wait, then 429', async () => {
    const limit = SYNC_LIMITS.mutationsPerDay;
    const stored = () =>
      queryOne<{ n: number }>(platform.db, "SELECT count(*) AS n FROM sync_mutations WHERE username = 'cat'")?.n ?? 0;
    // The day so far: all but two of the quota used.
    platform.db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO sync_mutations (client_id, mutation_id, name, args_json, base_version, status, username, at)
         SELECT 'cat-earlier', i, 'putScenario', '{}', 0, 'applied', 'cat', ? FROM n`,
      )
      .run([limit - 2 - stored(), new Date().toISOString()]);
    const clientId = 'cat-quota';
    const put = (id: number): Pushed => ({
      id,
      name: 'putScenario',
      args: { user: 'cat', scenario: scenario(`cat-q${id}`) },
      baseVersion: 0,
    });
    const first = await platform.call('POST', '/api/sync/push', {
      token: token('cat'),
      body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [put(1), put(2), put(3)] },
    });
    const answer = (await answerOf(first, envelope(pushResponseSchema))).data;
    expect(answer.results.map((result) => result.status)).toEqual(['applied', 'applied', 'gap']);
    const refused = await platform.call('POST', '/api/sync/push', {
      token: token('cat'),
      body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [put(3)] },
    });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await answerOf(refused, errorAnswer, 429)).code).toBe(SYNC_QUOTA_USED);
    expect(stored()).toBe(limit);
    expect(
      storedRows()
        .filter((row) => row.id.startsWith('cat-q'))
        .map((row) => row.id),
    ).toEqual(['cat-q1', 'cat-q2']);
  });
});
