import { envelope } from '@fcf/engine/contract';
import {
  MemorySyncStore,
  pullResponseSchema,
  pushResponseSchema,
  type StoredScenario,
  SYNC_SCHEMA_VERSION,
  SyncClient,
  scenarioKey,
  scenarioRowSchema,
} from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, queryAll, queryOne } from '../db/query.ts';
import { answerOf } from '../testing/answers.ts';
import { appTransport } from '../testing/app-transport.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * Scenarios of either model through sync on a real libSQL file (docs/sync.md, the `scenarios` table): an
 * excess-return scenario (ROE, Ke, g) travels to the same user's other browser and no one else's, a row
 * whose inputs do not fit its model is refused and writes nothing, a stale edit is a conflict, and what
 * was stored or queued before scenarios named their model reads as the story model's.
 */
const COMPANY = '000333';
const PASSWORD = 'Scenario-Model-2026';

let platform: TestPlatform;
const tokens = new Map<string, string>();
let clients = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const username of ['eve', 'finn']) {
    await platform.call('POST', '/api/register', {
      body: { username, email: `${username}@example.com`, password: PASSWORD },
    });
    tokens.set(username, await platform.login(username, PASSWORD));
  }
});
afterAll(() => platform.close());

const token = (username: string) => tokens.get(username) ?? '';

const ER_INPUTS = { normalised_roe: 0.12, cost_of_equity: 0.075, terminal_growth: 0.03 };
const STORY_INPUTS = {
  revenue_growth: 0.08,
  target_margin: 0.12,
  sales_to_capital: 2.5,
  wacc: 0.085,
  terminal_growth: 0.025,
  tax_rate: 0.15,
};

function bankScenario(id: string, patch: Partial<StoredScenario> = {}): StoredScenario {
  return {
    id,
    company: COMPANY,
    name: '乐观',
    weight: 0.25,
    model: 'excess_return',
    inputs: ER_INPUTS,
    ...patch,
  } as StoredScenario;
}

function browser(username: string) {
  clients += 1;
  const store = new MemorySyncStore(`model-browser-${clients}`);
  return {
    store,
    client: new SyncClient(
      store,
      appTransport(platform.app, () => token(username)),
      { tables: ['scenarios'] },
    ),
  };
}

async function push(username: string, mutations: { id: number; name: string; args: unknown; baseVersion: number }[]) {
  clients += 1;
  const response = await platform.call('POST', '/api/sync/push', {
    token: token(username),
    body: { clientId: `model-raw-${clients}`, schemaVersion: SYNC_SCHEMA_VERSION, mutations },
  });
  return (await answerOf(response, envelope(pushResponseSchema))).data;
}

async function pulled(username?: string) {
  const response = await platform.call(
    'GET',
    '/api/sync/pull?cursor=0&tables=scenarios',
    username ? { token: token(username) } : {},
  );
  return (await answerOf(response, envelope(pullResponseSchema))).data.changes;
}

const storedRows = () =>
  queryAll<{ username: string; id: string; version: number; model: string; inputs: string }>(
    platform.db,
    'SELECT username, id, version, model, inputs FROM scenarios ORDER BY username, id',
  );
const changeCounter = () => queryOne<{ seq: number }>(platform.db, 'SELECT seq FROM change_counter')?.seq;

describe('excess-return scenarios', () => {
  it('reach the same user’s other browser with their model and drivers, and no one else', async () => {
    const phone = browser('eve');
    await phone.client.enqueue('putScenario', { user: 'eve', scenario: bankScenario('eve-bull') });
    await phone.client.sync();
    expect(await phone.client.unsyncedCount()).toBe(0);
    expect(storedRows()).toMatchObject([{ id: 'eve-bull', model: 'excess_return', inputs: JSON.stringify(ER_INPUTS) }]);

    const laptop = browser('eve');
    await laptop.client.sync();
    const row = scenarioRowSchema.parse((await laptop.client.view('scenarios')).get(scenarioKey('eve', 'eve-bull')));
    expect(row).toMatchObject({ model: 'excess_return', inputs: ER_INPUTS, name: '乐观' });
    expect((await pulled('finn')).length).toBe(0);
    expect((await pulled()).length).toBe(0);
  });

  const bad: [string, unknown, string][] = [
    ['story inputs under excess returns', { ...bankScenario('x1'), inputs: STORY_INPUTS }, 'args.scenario.inputs'],
    ['excess-return inputs under the story model', { ...bankScenario('x1'), model: 'story' }, 'args.scenario.inputs'],
    [
      'the payout as a fourth input',
      { ...bankScenario('x1'), inputs: { ...ER_INPUTS, payout: 0.3 } },
      'args.scenario.inputs 出现未知的键',
    ],
    [
      'a ROE out of range',
      bankScenario('x1', { inputs: { ...ER_INPUTS, normalised_roe: 2 } }),
      '常态化ROE超出合理范围',
    ],
    ['Ke out of range', bankScenario('x1', { inputs: { ...ER_INPUTS, cost_of_equity: 0.5 } }), '股权成本（Ke）超出'],
    ['an unknown model', { ...bankScenario('x1'), model: 'ddm' }, '情景的估值模型无效'],
  ];
  it.each(bad)('%s: rejected invalid_args, naming the problem; nothing stored', async (_, scenario, words) => {
    const before = { rows: storedRows(), seq: changeCounter() };
    const answer = await push('eve', [{ id: 1, name: 'putScenario', args: { user: 'eve', scenario }, baseVersion: 0 }]);
    expect(answer.results[0]).toMatchObject({ status: 'rejected', code: 'invalid_args' });
    expect(answer.results[0]?.message).toContain(words);
    expect({ rows: storedRows(), seq: changeCounter() }).toEqual(before);
  });

  it('an edit based on a version another browser replaced is a conflict that keeps the server’s row', async () => {
    const phone = browser('eve');
    const laptop = browser('eve');
    await phone.client.sync();
    await laptop.client.sync();
    const roe = (value: number) => bankScenario('eve-bull', { inputs: { ...ER_INPUTS, normalised_roe: value } });
    await phone.client.enqueue('putScenario', { user: 'eve', scenario: roe(0.14) });
    await phone.client.sync();
    await laptop.client.enqueue('putScenario', { user: 'eve', scenario: roe(0.1) });
    expect((await laptop.client.sync()).issues).toBe(1);
    const [issue] = await laptop.store.issues();
    expect(issue?.serverRow?.data).toMatchObject({ model: 'excess_return', inputs: { normalised_roe: 0.14 } });
    expect(JSON.parse(storedRows().find((row) => row.id === 'eve-bull')?.inputs ?? '{}').normalised_roe).toBe(0.14);
  });
});

describe('scenarios from before the model travelled', () => {
  it('a stored row without a model and a queued edit without one are the story model’s', async () => {
    // A row as migration 017 left it: no model column written.
    execute(
      platform.db,
      `INSERT INTO scenarios (username, id, company_code, name, weight, inputs, change_seq, updated_at)
       VALUES ('finn', 'old-base', ?, '基准', 0.5, ?, 1, '2026-01-01T00:00:00.000Z')`,
      COMPANY,
      JSON.stringify(STORY_INPUTS),
    );
    const { model: _, ...older } = bankScenario('old-bull', { model: 'story', inputs: STORY_INPUTS });
    const answer = await push('finn', [
      { id: 1, name: 'putScenario', args: { user: 'finn', scenario: older }, baseVersion: 0 },
    ]);
    expect(answer.results[0]?.status).toBe('applied');
    const rows = (await pulled('finn')).map((change) => scenarioRowSchema.parse(change.data));
    expect(rows.map((row) => [row.id, row.model])).toEqual([
      ['old-base', 'story'],
      ['old-bull', 'story'],
    ]);
  });
});
