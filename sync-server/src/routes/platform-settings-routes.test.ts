import { valuationDate } from '@fcf/engine';
import {
  companyBundleAnswer,
  companyValuationAnswer,
  platformSettingsAnswer,
  quoteAnswer,
  riskFreeRatesAnswer,
} from '@fcf/engine/contract';
import { buildCompanyReport, formatAmount } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryAll } from '../db/query.ts';
import { answerOf, readData } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * The platform's settings an admin edits (docs/model.md §6): the year-end yields every valuation dates its
 * risk-free rate by, and the default terminal value method. An edit reaches the API's answers and the
 * bundle a device values from (the same value to the cent); bad input is refused with nothing written.
 */

const MIDEA = '000333';

let platform: TestPlatform;
let admin: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
}, 120_000);
afterAll(async () => {
  await platform.close();
});

const dcfOf = async () => {
  const data = await readData(platform, `/api/home/dcf_valuation/${MIDEA}`, companyValuationAnswer);
  if (data.model !== 'fcff') throw new Error(`${MIDEA} is not valued by the FCFF`);
  return data;
};

/** The value the device computes from the bundle and the synced quote, as the worker's report does. */
async function deviceOf() {
  const bundle = (await answerOf(await platform.call('GET', `/api/data/company-bundle/${MIDEA}`), companyBundleAnswer))
    .data;
  const quoteResponse = await platform.call('GET', `/api/data/quotes/${MIDEA}`);
  const quote = quoteResponse.status === 200 ? (await answerOf(quoteResponse, quoteAnswer)).data : null;
  const today = valuationDate(new Date());
  return { bundle, report: buildCompanyReport(bundle, { quote, today }, today) };
}

const cents = (value: number | null | undefined) => (typeof value === 'number' ? formatAmount(value) : null);

const put = (path: string, body: unknown, token = admin) => platform.call('PUT', path, { token, body });

/** Everything an edit could write: the two tables and the change sequence. */
function written() {
  return {
    seq: currentChangeSeq(platform.db),
    edits: queryAll(platform.db, 'SELECT * FROM risk_free_rate_edits'),
    settings: queryAll(platform.db, 'SELECT * FROM platform_settings'),
  };
}

describe('the risk-free table', () => {
  it('lists the engine’s year-ends 2011–2024 with their source', async () => {
    const table = await readData(platform, '/api/admin/risk-free-rates', riskFreeRatesAnswer, admin);
    expect(table.rates.map((row) => row.year)).toEqual(Array.from({ length: 14 }, (_, index) => 2011 + index));
    expect(table.rates.at(-1)).toEqual({
      year: 2024,
      rate: 0.0168,
      source: table.seed_source,
      seed_rate: 0.0168,
      edited_by: null,
      edited_at: null,
    });
    expect(table.seed_source).toContain('中债国债收益率曲线');
    expect((await platform.call('GET', '/api/admin/risk-free-rates')).status).toBe(401);
  });

  it('an edit of 2024’s yield moves 美的集团’s WACC and value in the API and in the bundle alike', async () => {
    const before = await dcfOf();
    const device = await deviceOf();
    expect(before.meta.wacc_breakdown.components?.risk_free_rate).toBe(0.0168);
    expect(before.meta.wacc_breakdown.components?.risk_free_date).toBe('2024-12-31');
    expect(cents(device.report.dcf?.valuation.value_per_share)).toBe(cents(before.valuation.value_per_share));

    const response = await put('/api/admin/risk-free-rates', { year: 2024, rate: 0.03, source: '中债估值中心' });
    const table = (await answerOf(response, riskFreeRatesAnswer)).data;
    expect(table.rates.at(-1)).toMatchObject({ year: 2024, rate: 0.03, source: '中债估值中心', edited_by: 'admin' });

    const after = await dcfOf();
    expect(after.meta.wacc_breakdown.components?.risk_free_rate).toBe(0.03);
    expect(after.wacc).toBeGreaterThan(before.wacc);
    expect(after.valuation.value_per_share ?? 0).toBeLessThan(before.valuation.value_per_share ?? 0);

    const edited = await deviceOf();
    expect(edited.bundle.version).toBeGreaterThan(device.bundle.version);
    expect(edited.bundle.waccAssumptions.riskFreeRates?.find((entry) => entry.year === 2024)?.rate).toBe(0.03);
    expect(edited.report.dcf?.wacc).toBe(after.wacc);
    expect(cents(edited.report.dcf?.valuation.value_per_share)).toBe(cents(after.valuation.value_per_share));

    // Undone, the seed's yield and value again.
    const undone = (
      await answerOf(
        await platform.call('DELETE', '/api/admin/risk-free-rates/2024', { token: admin }),
        riskFreeRatesAnswer,
      )
    ).data;
    expect(undone.rates.at(-1)).toMatchObject({ year: 2024, rate: 0.0168, edited_by: null });
    expect(cents((await dcfOf()).valuation.value_per_share)).toBe(cents(before.valuation.value_per_share));
    expect((await platform.call('DELETE', '/api/admin/risk-free-rates/2024', { token: admin })).status).toBe(404);
  });

  it('refuses a yield outside 0%–20%, a non-number, a bad year or a stranger, with nothing written', async () => {
    const start = written();
    const refusals: [unknown, string][] = [
      [{ year: 2024, rate: 0.25 }, '0%–20%'],
      [{ year: 2024, rate: -0.01 }, '0%–20%'],
      [{ year: 2024, rate: '3%' }, '0%–20%'],
      [{ year: 2024 }, '0%–20%'],
      [{ year: 1990, rate: 0.03 }, '2000–2100'],
      [{ year: 2024.5, rate: 0.03 }, '2000–2100'],
      [{ year: 2024, rate: 0.03, note: 'x' }, '未知的字段'],
    ];
    for (const [body, message] of refusals) {
      const response = await put('/api/admin/risk-free-rates', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(message);
    }
    expect((await platform.call('DELETE', '/api/admin/risk-free-rates/19x', { token: admin })).status).toBe(400);
    const user = await platform.userToken();
    expect((await put('/api/admin/risk-free-rates', { year: 2024, rate: 0.03 }, user)).status).toBe(403);
    expect(written()).toEqual(start);
  });
});

describe('the platform’s default terminal value method', () => {
  it('is the seed’s Gordon formula until an admin chooses the value driver, and every answer says which', async () => {
    const settings = await readData(platform, '/api/admin/platform-settings', platformSettingsAnswer, admin);
    expect(settings).toEqual({ terminal_value_method: 'gordon', seed_terminal_value_method: 'gordon' });
    const gordon = await dcfOf();
    expect(gordon.terminal_value_method).toBe('gordon');

    const start = written();
    for (const body of [{ terminal_value_method: 'exit_multiple' }, {}, { terminal_value_method: 1 }]) {
      const response = await put('/api/admin/platform-settings', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain('终值方法');
    }
    expect(written()).toEqual(start);

    const saved = await answerOf(
      await put('/api/admin/platform-settings', { terminal_value_method: 'value_driver' }),
      platformSettingsAnswer,
    );
    expect(saved.data.terminal_value_method).toBe('value_driver');
    const driven = await dcfOf();
    expect(driven.terminal_value_method).toBe('value_driver');
    expect(cents(driven.valuation.value_per_share)).toBe(cents(gordon.terminal.consistent_value_per_share));
    const device = await deviceOf();
    expect(device.bundle.platform).toEqual({ terminal_value_method: 'value_driver' });
    expect(device.report.dcf?.terminal_value_method).toBe('value_driver');
    expect(cents(device.report.dcf?.valuation.value_per_share)).toBe(cents(driven.valuation.value_per_share));

    await answerOf(
      await put('/api/admin/platform-settings', { terminal_value_method: 'gordon' }),
      platformSettingsAnswer,
    );
    expect((await dcfOf()).terminal_value_method).toBe('gordon');
  });
});
