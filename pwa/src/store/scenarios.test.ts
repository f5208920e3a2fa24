import 'fake-indexeddb/auto';
import { SCENARIO_LIMITS, type StoredScenario, type StoryStoredScenario, scenarioKey } from '@fcf/engine/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../api/session.ts';
import { outboxOf } from '../sync/dexie-sync-store.ts';
import { openStore } from './db.ts';
import { checkedScenario, ScenarioRefused, userScenarioStore } from './scenarios.ts';

const MIDEA = '000333';
const GREE = '000651';
const INPUTS = {
  revenue_growth: 0.08,
  target_margin: 0.12,
  sales_to_capital: 2.5,
  wacc: 0.085,
  terminal_growth: 0.025,
  tax_rate: 0.15,
};

const scenario = (id: string, patch: Partial<StoryStoredScenario> = {}): StoryStoredScenario => ({
  id,
  company: MIDEA,
  name: '基准',
  weight: 0.5,
  model: 'story',
  inputs: INPUTS,
  ...patch,
});

/** A row as a pull brings it. */
const pulled = (user: string, data: StoredScenario, version = 1) => ({
  table: 'scenarios' as const,
  key: scenarioKey(user, data.id),
  version,
  change_seq: 5,
  data: {
    username: user,
    id: data.id,
    company_code: data.company,
    name: data.name,
    weight: data.weight,
    inputs: data.inputs,
    updated_at: '2026-11-01T00:00:00.000Z',
  },
});

beforeEach(async () => {
  localStorage.clear();
  // Offline: every request fails, so what shows is the browser's copy and the outbox.
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
  vi.stubGlobal('navigator', { ...navigator, onLine: false });
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  await Promise.all([db.syncRows.clear(), db.syncClients.clear(), db.clientOutbox.clear(), db.clientRejected.clear()]);
  signIn('token-ann', { username: 'Ann', is_admin: false });
});
afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

async function outbox(username: string) {
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  return outboxOf(db, username);
}

describe('the scenario store (offline)', () => {
  it('saves and deletes through the outbox; the list shows the edits at once', async () => {
    const store = userScenarioStore('Ann');
    await store.save(scenario('s1', { name: '乐观', weight: 0.25 }));
    await store.save(scenario('s2', { company: GREE }));
    expect(await store.list(MIDEA)).toEqual([scenario('s1', { name: '乐观', weight: 0.25 })]);
    expect(await store.list(GREE)).toEqual([scenario('s2', { company: GREE })]);
    await store.remove('s1');
    expect(await store.list(MIDEA)).toEqual([]);
    expect((await outbox('Ann')).map((entry) => [entry.name, entry.baseVersion])).toEqual([
      ['putScenario', 0],
      ['putScenario', 0],
      ['deleteScenario', 1],
    ]);
  });

  it('lays pending edits over the pulled rows, bases them on the pulled version, and shows only the user’s own', async () => {
    const db = await openStore();
    await db?.syncRows.bulkPut([
      pulled('ann', scenario('bear', { name: '悲观', weight: 0.25 }), 3),
      pulled('ann', scenario('base')),
      pulled('bob', scenario('bob-1', { name: '乐观' })),
    ]);
    const store = userScenarioStore('Ann');
    expect((await store.list(MIDEA)).map((item) => item.name)).toEqual(['悲观', '基准']);
    await store.save(scenario('bear', { name: '悲观', weight: 0.2 }));
    expect((await store.list(MIDEA)).find((item) => item.id === 'bear')?.weight).toBe(0.2);
    expect((await outbox('Ann')).at(-1)?.baseVersion).toBe(3);
    expect(await userScenarioStore('bob').list(MIDEA)).toEqual([scenario('bob-1', { name: '乐观' })]);
  });

  it('keeps the name canonical (NFKC, trimmed) and refuses what the server would, queueing nothing', async () => {
    const store = userScenarioStore('Ann');
    await store.save(scenario('s1', { name: ' ＡＢＣ乐观 ' }));
    expect((await store.list(MIDEA))[0]?.name).toBe('ABC乐观');
    const refusals: [Partial<StoryStoredScenario>, string][] = [
      [{ name: '乐观\u200B' }, 'U+200B'],
      [{ name: '长'.repeat(41) }, '不能超过40个字符'],
      [{ name: '   ' }, '情景名称不能为空'],
      [{ weight: 1.2 }, '权重超出合理范围'],
      [{ weight: Number.NaN }, '权重'],
      [{ inputs: { ...INPUTS, wacc: 0.5 } }, 'WACC超出合理范围'],
      [{ inputs: { ...INPUTS, revenue_growth: Number.POSITIVE_INFINITY } }, '营业收入增长率'],
    ];
    for (const [patch, message] of refusals) {
      await expect(store.save(scenario('s2', patch))).rejects.toThrow(message);
      expect(() => checkedScenario(scenario('s2', patch))).toThrow(ScenarioRefused);
    }
    expect(await outbox('Ann')).toHaveLength(1);
  });

  it(`refuses a new scenario beyond ${SCENARIO_LIMITS.perCompany} for one company; an edit of one still passes`, async () => {
    const store = userScenarioStore('Ann');
    for (let index = 0; index < SCENARIO_LIMITS.perCompany; index++) await store.save(scenario(`s${index}`));
    await expect(store.save(scenario('one-more'))).rejects.toThrow(`最多保存 ${SCENARIO_LIMITS.perCompany} 个`);
    await store.save(scenario('s0', { weight: 0.1 }));
    await store.save(scenario('other', { company: GREE }));
    expect(await outbox('Ann')).toHaveLength(SCENARIO_LIMITS.perCompany + 2);
  });
});
