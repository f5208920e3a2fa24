import { valuationDate } from '@fcf/engine';
import { companyBundleAnswer, errorAnswer, quoteAnswer, uncertaintyAnswer } from '@fcf/engine/contract';
import { uncertaintyView } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/database.ts';
import { execute } from '../db/query.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** GET /api/home/uncertainty/{company}: the contract, the same as the bundle gives, seeded and refused. */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const MIDEA = '000333';
const get = (query = '', company = MIDEA) => platform.call('GET', `/api/home/uncertainty/${company}${query}`);

describe('GET /api/home/uncertainty/{company}', () => {
  it('answers the scenarios, their weighted value, the seeded simulation, the tornado, the rating and the verdict', async () => {
    const { data } = await answerOf(await get('?draws=2000'), uncertaintyAnswer);
    expect(data.scenarios.map((s) => [s.name, s.weight])).toEqual([
      ['悲观', 0.25],
      ['基准', 0.5],
      ['乐观', 0.25],
    ]);
    const [bear, base, bull] = data.scenarios.map((s) => s.value_per_share ?? 0);
    expect(data.weighted_value).toBeCloseTo(0.25 * (bear ?? 0) + 0.5 * (base ?? 0) + 0.25 * (bull ?? 0), 9);
    expect(data.simulation).toMatchObject({ draws: 2000, centre: '基准' });
    expect(data.simulation.p10 ?? 0).toBeLessThan(data.simulation.p90 ?? 0);
    expect(data.price).not.toBeNull();
    expect(data.simulation.prob_above_price).not.toBeNull();
    expect(data.model).toBe('story');
    expect(data.tornado).toHaveLength(6);
    expect(data.rating).not.toBeNull();
    expect(data.verdict).not.toBeNull();
    expect(data.required_margin).toBe({ 低: 0.2, 中: 0.3, 高: 0.4, 极高: 0.5 }[data.rating ?? '低']);
    expect(data.rating_source).toContain('Morningstar');
  });

  it('gives what the browser computes from the bundle and the quote it caches, for the same seed', async () => {
    const { data } = await answerOf(await get('?seed=7&draws=1500'), uncertaintyAnswer);
    const bundle = (
      await answerOf(await platform.call('GET', `/api/data/company-bundle/${MIDEA}`), companyBundleAnswer)
    ).data;
    const quote = (await answerOf(await platform.call('GET', `/api/data/quotes/${MIDEA}`), quoteAnswer)).data;
    const years = Object.fromEntries(Object.entries(bundle.statements.years).map(([y, f]) => [Number(y), f]));
    const local = uncertaintyView(
      { ...bundle, statements: { ...bundle.statements, years } },
      quote,
      valuationDate(new Date()),
      {
        seed: 7,
        draws: 1500,
      },
    );
    expect([data.simulation.p10, data.simulation.p50, data.simulation.p90]).toEqual([
      local.simulation.p10,
      local.simulation.p50,
      local.simulation.p90,
    ]);
    expect(data.weighted_value).toBe(local.weighted_value);
    const other = (await answerOf(await get('?seed=8&draws=1500'), uncertaintyAnswer)).data;
    expect(other.simulation.p50).not.toBe(data.simulation.p50);
  });

  it('refuses a seed or a number of draws out of range with 400', async () => {
    const response = await get('?draws=5');
    expect(response.status).toBe(400);
    expect((await answerOf(response, errorAnswer, 400)).message).toContain('模拟次数');
  });

  it('gives a financial company its range by excess returns, 404 for an unknown one', async () => {
    transaction(platform.db, () =>
      execute(platform.db, `UPDATE companies SET industry = '金融业' WHERE code = '000651'`),
    );
    const { data } = await answerOf(await get('?draws=500', '000651'), uncertaintyAnswer);
    expect(data.model).toBe('excess_return');
    expect(data.tornado).toHaveLength(4);
    expect((await get('', encodeURIComponent('不存在的公司'))).status).toBe(404);
  });
});
