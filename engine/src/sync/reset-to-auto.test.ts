import { describe, expect, it } from 'vitest';
import { FULL_RESET } from '../valuation/reset-scope.ts';
import { SyncClient, type SyncTransport } from './client.ts';
import { MemorySyncStore } from './memory-store.ts';
import type { SyncRow } from './protocol.ts';

const offline: SyncTransport = {
  push: () => Promise.reject(new Error('离线')),
  pull: () => Promise.reject(new Error('离线')),
};

const forecastRow = (key: string, version: number, value: number | null): SyncRow => {
  const [company_code, year, parameter] = key.split('|');
  return {
    table: 'forecast_parameters',
    key,
    version,
    change_seq: version,
    data: value === null ? null : { company_code, year: Number(year), parameter, value },
  };
};

const inputsRow = (company: string, version: number, wacc: number | null, shares: number | null): SyncRow => ({
  table: 'valuation_inputs',
  key: company,
  version,
  change_seq: version,
  data: { company_code: company, wacc_manual: wacc, terminal_growth_rate_manual: null, total_shares_manual: shares },
});

/** A client holding 000333's pulled rows (one driver tombstoned) and another company's driver. */
async function clientWithRows() {
  const store = new MemorySyncStore('reset-client');
  await store.putRows([
    forecastRow('000333|2026|da_ratio', 3, 0.04),
    forecastRow('000333|2027|da_ratio', 2, null),
    forecastRow('000333|2026|operating_revenue_yoy', 1, 0.1),
    forecastRow('600690|2026|da_ratio', 5, 0.03),
    inputsRow('000333', 4, 0.09, 20),
  ]);
  await store.writeState({ ...(await store.readState()), cursor: 9 });
  return { store, client: new SyncClient(store, offline, { tables: ['forecast_parameters', 'valuation_inputs'] }) };
}

describe('resetToAuto in the sync client', () => {
  it('is based on the sum of the versions of the company’s rows in its scope, tombstones included', async () => {
    const { client } = await clientWithRows();
    const all = await client.enqueue('resetToAuto', { company: '000333', scope: FULL_RESET });
    expect(all.baseVersion).toBe(3 + 2 + 1 + 4);
    const forecastOnly = await client.enqueue('resetToAuto', {
      company: '000333',
      scope: { ...FULL_RESET, wacc_parameters: false, terminal_growth_rate: false, total_shares: false },
    });
    // After the first reset applies: the two live drivers were bumped, the tombstone was not.
    expect(forecastOnly.baseVersion).toBe(4 + 2 + 2);
  });

  it('shows the auto values at once: the company’s drivers gone, the scope’s parameters cleared', async () => {
    const { client } = await clientWithRows();
    await client.enqueue('resetToAuto', { company: '000333', scope: { ...FULL_RESET, total_shares: false } });
    const forecast = await client.view('forecast_parameters');
    expect([...forecast].filter(([, data]) => data !== null).map(([key]) => key)).toEqual(['600690|2026|da_ratio']);
    expect((await client.view('valuation_inputs')).get('000333')).toMatchObject({
      wacc_manual: null,
      terminal_growth_rate_manual: null,
      total_shares_manual: 20,
    });
  });

  it('an edit after a pending reset is based on the version the reset leaves, so it does not conflict', async () => {
    const { client } = await clientWithRows();
    await client.enqueue('resetToAuto', { company: '000333', scope: FULL_RESET });
    const driver = (year: number) =>
      client.enqueue('setForecastParameter', { company: '000333', year, parameter: 'da_ratio', value: 0.05 });
    // 2026 was live (version 3): the reset made it 4. 2027 was a tombstone (version 2): the reset left it.
    expect((await driver(2026)).baseVersion).toBe(4);
    expect((await driver(2027)).baseVersion).toBe(2);
    const wacc = await client.enqueue('setValuationParameter', {
      company: '000333',
      parameter: 'wacc_manual',
      value: 0.1,
    });
    expect(wacc.baseVersion).toBe(5);
    expect((await client.view('forecast_parameters')).get('000333|2026|da_ratio')).toMatchObject({ value: 0.05 });
    expect(await client.unsyncedCount()).toBe(4);
  });
});
