import { FULL_RESET } from '@fcf/engine';
import { MemorySyncStore, SyncClient } from '@fcf/engine/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryAll, queryOne } from '../db/query.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { appTransport } from '../testing/app-transport.ts';
import { type ForkedPlatform, type PlatformTemplate, startPlatformTemplate } from '../testing/platform-fork.ts';
import { ValuationService } from '../valuation/valuation-service.ts';

/**
 * Reset to auto as a sync mutation: queued offline like any edit, shown at once, applied with its
 * revaluation when pushed; an edit another admin made meanwhile turns it into a conflict, not a loss.
 */
const MIDEA = '000333';
const TABLES = ['forecast_parameters', 'valuation_inputs'] as const;

let template: PlatformTemplate;
let platform: ForkedPlatform;

beforeAll(async () => {
  template = await startPlatformTemplate();
});
afterAll(() => template.close());
beforeEach(() => {
  platform = template.fork();
});
afterEach(() => platform.close());

function admin(id: string) {
  const store = new MemorySyncStore(id);
  return {
    store,
    sync: new SyncClient(
      store,
      appTransport(platform.app, () => template.adminToken),
      { tables: TABLES },
    ),
  };
}

const liveDrivers = () =>
  queryAll(
    platform.db,
    'SELECT year, parameter FROM forecast_parameters WHERE company_code = ? AND deleted = 0',
    MIDEA,
  );
const manualWacc = () =>
  queryOne<{ wacc_manual: number | null }>(
    platform.db,
    'SELECT wacc_manual FROM valuation_inputs WHERE company_code = ?',
    MIDEA,
  )?.wacc_manual;
const storedValue = () =>
  queryOne<{ value_per_share: number }>(
    platform.db,
    'SELECT value_per_share FROM valuation_results WHERE company_code = ?',
    MIDEA,
  )?.value_per_share;

async function setEverything(client: SyncClient) {
  await client.enqueue('setForecastParameter', { company: MIDEA, year: 2026, parameter: 'da_ratio', value: 0.06 });
  await client.enqueue('setValuationParameter', { company: MIDEA, parameter: 'wacc_manual', value: 0.09 });
  await client.sync();
}

describe('resetToAuto through sync', () => {
  it('queued offline, shown at once, applied with the auto valuation stored when it syncs', async () => {
    const autoValue = new ValuationService(platform.db).valuation(findCompany(platform.db, MIDEA) as CompanyRecord).dcf
      ?.valuation.value_per_share;
    expect(autoValue).toBeGreaterThan(0);
    const a = admin('reset-client-a');
    await setEverything(a.sync);
    expect(storedValue()).not.toBe(autoValue);

    await a.sync.enqueue('resetToAuto', { company: MIDEA, scope: FULL_RESET });
    expect(await a.sync.unsyncedCount()).toBe(1);
    expect([...(await a.sync.view('forecast_parameters')).values()].filter(Boolean)).toEqual([]);
    expect((await a.sync.view('valuation_inputs')).get(MIDEA)).toMatchObject({ wacc_manual: null });
    // Still on the server until pushed.
    expect(liveDrivers()).toHaveLength(1);

    expect(await a.sync.sync()).toMatchObject({ unsynced: 0, issues: 0, rejected: 0 });
    expect(liveDrivers()).toEqual([]);
    expect(manualWacc()).toBeNull();
    expect(storedValue()).toBe(autoValue);
  });

  it('after another admin’s edit it is a conflict; keep mine resets on the server’s version', async () => {
    const a = admin('reset-client-a');
    const b = admin('reset-client-b');
    await setEverything(a.sync);
    await b.sync.sync();

    await b.sync.enqueue('resetToAuto', { company: MIDEA, scope: FULL_RESET });
    await a.sync.enqueue('setForecastParameter', { company: MIDEA, year: 2028, parameter: 'da_ratio', value: 0.07 });
    await a.sync.sync();

    const outcome = await b.sync.sync();
    expect(outcome).toMatchObject({ unsynced: 0, issues: 1 });
    const [issue] = await b.store.issues();
    expect(issue).toMatchObject({ status: 'conflict', name: 'resetToAuto', serverRow: null });
    expect(liveDrivers()).toHaveLength(2);
    if (!issue) throw new Error('conflict expected');

    await b.sync.keepMine(issue);
    expect(await b.sync.sync()).toMatchObject({ unsynced: 0, issues: 0 });
    expect(liveDrivers()).toEqual([]);
    expect(manualWacc()).toBeNull();
    await a.sync.sync();
    expect([...(await a.sync.view('forecast_parameters')).values()].filter(Boolean)).toEqual([]);
  });

  it('an edit queued after a pending reset applies after it, without a conflict', async () => {
    const a = admin('reset-client-a');
    await setEverything(a.sync);
    await a.sync.enqueue('resetToAuto', { company: MIDEA, scope: FULL_RESET });
    await a.sync.enqueue('setForecastParameter', { company: MIDEA, year: 2026, parameter: 'da_ratio', value: 0.05 });
    await a.sync.enqueue('setValuationParameter', { company: MIDEA, parameter: 'wacc_manual', value: 0.1 });
    expect(await a.sync.sync()).toMatchObject({ unsynced: 0, issues: 0, rejected: 0 });
    expect(liveDrivers()).toEqual([{ year: 2026, parameter: 'da_ratio' }]);
    expect(manualWacc()).toBe(0.1);
  });

  it('a reset for a company that is gone is rejected unknown_company', async () => {
    const a = admin('reset-client-a');
    await a.sync.enqueue('resetToAuto', { company: '999999', scope: FULL_RESET });
    expect(await a.sync.sync()).toMatchObject({ rejected: 1 });
    expect(await a.store.rejected()).toEqual([
      expect.objectContaining({ code: 'unknown_company', message: '未找到公司"999999"（可能已被删除）' }),
    ]);
  });
});
