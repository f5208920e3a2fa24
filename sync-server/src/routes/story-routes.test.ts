import { storyValuation } from '@fcf/engine';
import { storyAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_EXAMPLE } from '../../../engine/src/testing/story-example.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

const PATH = '/api/valuation/story';

/** The story model's worked example (docs/model.md), without the two levers that may be left out. */
const { probability_of_failure: _p, distress_proceeds: _d, ...BODY } = STORY_EXAMPLE;

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const post = (body: unknown) => platform.call('POST', PATH, { body });

describe('POST /api/valuation/story', () => {
  it('answers the ten years, the terminal year and the value, without a token, as the engine computes them', async () => {
    const answer = await answerOf(await post(BODY), storyAnswer);
    expect(answer.success).toBe(true);
    const { data } = answer;
    expect(data.years.map((year) => year.year)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // The last two levers default to 0: no chance of failure.
    expect(data).toEqual(storyValuation({ ...BODY, probability_of_failure: 0, distress_proceeds: 0 }));
    expect(data.years[0]?.revenue).toBeCloseTo(1300, 9);
    expect(data.years[9]?.growth).toBeCloseTo(0.025, 12);
    expect(data.value_per_share).toBeCloseTo(data.equity_value / 100, 12);
  });

  it('weighs in a chance of failure with its distress proceeds', async () => {
    const going = (await answerOf(await post(BODY), storyAnswer)).data;
    const failing = (
      await answerOf(await post({ ...BODY, probability_of_failure: 0.2, distress_proceeds: 500 }), storyAnswer)
    ).data;
    const goingConcern = going.operating_assets;
    expect(failing.operating_assets).toBeCloseTo(goingConcern * 0.8 + 500 * 0.2, 9);
  });

  it('refuses a cost of capital at or below the growth, naming the field', async () => {
    const refusal = await refusalOf(await post({ ...BODY, cost_of_capital_terminal: 0.025 }), 400);
    expect(refusal.message).toContain('cost_of_capital_terminal');
    expect(refusal.issues?.[0]).toMatchObject({ code: 'wacc_not_above_growth', field: 'cost_of_capital_terminal' });
  });

  it('refuses a convergence year outside 1–10, naming the field and the range', async () => {
    for (const year of [0, 11, 2.5]) {
      const refusal = await refusalOf(await post({ ...BODY, margin_convergence_year: year }), 400);
      expect(refusal.message).toContain('margin_convergence_year');
      expect(refusal.message).toContain('1 至 10 的整数');
      expect(refusal.issues?.[0]).toMatchObject({ code: 'out_of_range', field: 'margin_convergence_year' });
    }
  });

  it('refuses a non-number, a missing lever and an unknown one, each by its name', async () => {
    const cases: [unknown, string][] = [
      [{ ...BODY, shares: '100' }, 'shares'],
      [{ ...BODY, terminal_roc: null }, 'terminal_roc'],
      [{ ...BODY, debt: undefined }, 'debt'],
      [{ ...BODY, wacc: 0.09 }, 'wacc'],
    ];
    for (const [body, field] of cases) {
      const refusal = await refusalOf(await post(body), 400);
      expect(refusal.message, field).toContain(field);
    }
  });

  it('refuses a lever out of its range with the range', async () => {
    const refusal = await refusalOf(await post({ ...BODY, sales_to_capital_years_1_5: 0 }), 400);
    expect(refusal.message).toContain('sales_to_capital_years_1_5');
    expect(refusal.issues?.[0]).toMatchObject({ min: 0.05, max: 20 });
  });
});
