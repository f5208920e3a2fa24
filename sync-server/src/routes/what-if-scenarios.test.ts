import { uncertaintyAnswer, whatIfAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** The what-if's scenarios (docs/model.md, uncertainty): each valued by the story model, and their weighted value. */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const MIDEA = '000333';
const whatIf = (body: unknown, company = MIDEA) =>
  platform.call('POST', `/api/user/calculate-with-valuation/${company}`, { body });

describe('POST /api/user/calculate-with-valuation/{company} with scenarios', () => {
  it('values the server’s own scenarios as GET /api/home/uncertainty does, and their weighted value', async () => {
    const range = (
      await answerOf(await platform.call('GET', `/api/home/uncertainty/${MIDEA}?draws=100`), uncertaintyAnswer)
    ).data;
    const scenarios = range.scenarios.map(({ name, weight, inputs }) => ({ name, weight, ...inputs }));
    const { data } = await answerOf(await whatIf({ scenarios }), whatIfAnswer);
    expect(data.scenarios?.scenarios.map((s) => [s.name, s.weight])).toEqual(
      range.scenarios.map((s) => [s.name, s.weight]),
    );
    expect(data.scenarios?.scenarios.map((s) => s.value_per_share)).toEqual(
      range.scenarios.map((s) => s.value_per_share),
    );
    expect(data.scenarios?.weighted_value).toBe(range.weighted_value);
    // The FCFF what-if answers beside them, as without scenarios.
    expect(data.calculation_results.dcf.model).toBe('fcff');
  });

  it('a driver left out is 基准’s; the weighted value is Σ weight × value', async () => {
    const { data } = await answerOf(
      await whatIf({
        scenarios: [
          { name: '保守', weight: 0.4, revenue_growth: 0.02, wacc: 0.1 },
          { name: '进取', weight: 0.6, revenue_growth: 0.12, target_margin: 0.15 },
        ],
      }),
      whatIfAnswer,
    );
    const [low, high] = data.scenarios?.scenarios ?? [];
    expect(low?.value_per_share).toBeGreaterThan(0);
    expect(high?.value_per_share ?? 0).toBeGreaterThan(low?.value_per_share ?? 0);
    expect(data.scenarios?.weighted_value).toBeCloseTo(
      0.4 * (low?.value_per_share ?? 0) + 0.6 * (high?.value_per_share ?? 0),
      9,
    );
    const { data: without } = await answerOf(await whatIf({}), whatIfAnswer);
    expect(without.scenarios).toBeUndefined();
  });

  it('bad scenarios are a 400 naming the field, and nothing is written', async () => {
    const seq = currentChangeSeq(platform.db);
    const cases: [unknown, string][] = [
      [
        [
          { name: '甲', weight: 0.5 },
          { name: '乙', weight: 0.4 },
        ],
        '情景权重合计须为 100%',
      ],
      [[{ name: '甲', weight: 1, wacc: 0.9 }], 'scenarios.0.wacc'],
      [[{ name: '甲', weight: 1, revenue_growth: 'fast' }], 'scenarios.0.revenue_growth'],
      [[{ name: '', weight: 1 }], 'scenarios.0.name'],
      [[{ name: '甲', weight: 1.5 }], 'scenarios.0.weight'],
      [[{ name: '甲', weight: 1, margin: 0.1 }], 'margin'],
      // Excess returns' drivers are not the story model's: named, with the company's own drivers.
      [[{ name: '甲', weight: 1, normalised_roe: 0.12 }], 'scenarios.0.normalised_roe'],
      [[{ name: '甲', weight: 1, cost_of_equity: 0.3 }], 'revenue_growth、target_margin'],
      [[], 'scenarios'],
    ];
    for (const [scenarios, named] of cases) {
      const refusal = await refusalOf(await whatIf({ scenarios }), 400);
      expect(refusal.message, JSON.stringify(scenarios)).toContain(named);
    }
    const outOfRange = await refusalOf(await whatIf({ scenarios: [{ name: '甲', weight: 1, wacc: 0.9 }] }), 400);
    expect(outOfRange.message).toContain('超出合理范围');
    expect(currentChangeSeq(platform.db)).toBe(seq);
  });
});
