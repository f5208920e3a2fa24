import { STORED_RANGE_DRAWS, valuationDate } from '@fcf/engine';
import { companyBundleAnswer, quoteAnswer, uncertaintyAnswer } from '@fcf/engine/contract';
import { uncertaintyView } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll } from '../db/query.ts';
import { utf8Bytes } from '../ingest/testing/ingest-fixtures.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * The range of a company the registry values by excess returns (docs/model.md 16): 工商银行 (fixtures/sina,
 * a bank) gets its scenarios, seeded simulation, tornado, rating and verdict on GET /api/home/uncertainty,
 * the same as the device computes from the bundle, and a stored verdict beside its value.
 */
const FIXTURES = new URL('../../../fixtures/', import.meta.url).pathname;
const BANK = '601398';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ fixturesDir: FIXTURES });
  const form = new FormData();
  const csv = [
    '代码,名称,日期,最新价,总市值(元),总股本(股)',
    '601398,工商银行,2023-03-31,4.90,1746394300000,356406257089',
  ];
  form.append('files', new File([utf8Bytes(csv.join('\n'))], 'bank.csv'));
  const response = await platform.app.request('/api/upload_quotes', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await platform.adminToken()}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}, 180_000);
afterAll(() => platform.close());

const rangeOf = async (query: string) =>
  (await answerOf(await platform.call('GET', `/api/home/uncertainty/${BANK}${query}`), uncertaintyAnswer)).data;

describe('a bank’s range by excess returns', () => {
  it('answers the scenarios of ROE, Ke and g, the simulation, the tornado with the payout, the rating and the verdict', async () => {
    const data = await rangeOf('?draws=2000');
    expect(data.model).toBe('excess_return');
    expect(data.scenarios.map((s) => [s.name, s.weight])).toEqual([
      ['悲观', 0.25],
      ['基准', 0.5],
      ['乐观', 0.25],
    ]);
    expect(Object.keys(data.scenarios[1]?.inputs ?? {}).sort()).toEqual([
      'cost_of_equity',
      'normalised_roe',
      'terminal_growth',
    ]);
    // 基准 is the excess-return value (docs/model.md 15.2: 10.56 元 at the dated risk-free rate).
    expect(data.scenarios[1]?.value_per_share).toBeCloseTo(10.56, 1);
    const [bear, base, bull] = data.scenarios.map((s) => s.value_per_share ?? 0);
    expect(bear).toBeLessThan(base ?? 0);
    expect(bull).toBeGreaterThan(base ?? 0);
    expect(data.simulation.spreads.map((spread) => spread.driver)).toEqual([
      'normalised_roe',
      'cost_of_equity',
      'terminal_growth',
    ]);
    expect(data.tornado.map((bar) => bar.driver).sort()).toEqual([
      'cost_of_equity',
      'normalised_roe',
      'payout',
      'terminal_growth',
    ]);
    expect(data.price).toBe(4.9);
    expect(data.rating).not.toBeNull();
    expect(data.verdict).toBe('低估');
  });

  it('gives what the browser computes from the bundle and the quote it caches, for the same seed', async () => {
    const data = await rangeOf('?seed=11&draws=1500');
    const bundle = (await answerOf(await platform.call('GET', `/api/data/company-bundle/${BANK}`), companyBundleAnswer))
      .data;
    const quote = (await answerOf(await platform.call('GET', `/api/data/quotes/${BANK}`), quoteAnswer)).data;
    const years = Object.fromEntries(Object.entries(bundle.statements.years).map(([y, f]) => [Number(y), f]));
    const local = uncertaintyView(
      { ...bundle, statements: { ...bundle.statements, years } },
      quote,
      valuationDate(new Date()),
      {
        seed: 11,
        draws: 1500,
      },
    );
    expect([data.simulation.p10, data.simulation.p50, data.simulation.p90]).toEqual([
      local.simulation.p10,
      local.simulation.p50,
      local.simulation.p90,
    ]);
    expect(data.weighted_value).toBe(local.weighted_value);
  });

  it('stores the rating, margin, weighted value and verdict beside the value, as the stored draws give them', async () => {
    const [stored] = queryAll<{
      model: string;
      uncertainty_rating: string | null;
      required_margin: number | null;
      range_value: number | null;
      verdict: string | null;
    }>(
      platform.db,
      `SELECT model, uncertainty_rating, required_margin, range_value, verdict FROM valuation_results
       WHERE company_code = ? AND deleted = 0`,
      BANK,
    );
    const answer = await rangeOf(`?draws=${STORED_RANGE_DRAWS}`);
    expect(stored).toEqual({
      model: 'excess_return',
      uncertainty_rating: answer.rating,
      required_margin: answer.required_margin,
      range_value: answer.weighted_value,
      verdict: answer.verdict,
    });
    expect(stored?.verdict).toBe('低估');
  });
});
