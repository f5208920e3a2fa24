import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { STORY_EXAMPLE } from '../testing/story-example.ts';
import { storyValuation } from '../valuation/models/story.ts';
import { storyDefaults } from '../valuation/models/story-defaults.ts';
import { STORY_MODEL } from '../valuation/models/story-model.ts';
import { leanEquityValue, leanValuePerShare } from './lean-value.ts';
import { scenarioInputsOf, storyInputsOf } from './scenarios.ts';
import { drawRefusal } from './simulation.ts';

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));

describe('the lean path of a draw', () => {
  it('equals the full story model on the worked example (losses carried, failure weighted)', () => {
    expect(leanEquityValue(STORY_EXAMPLE)).toBeCloseTo(storyValuation(STORY_EXAMPLE).equity_value, 9);
    expect(leanValuePerShare(STORY_EXAMPLE)).toBeCloseTo(45.58, 2);
  });

  it('equals the full model of a company at its base scenario', () => {
    const input = { statements: SAMPLE_COMPANY };
    const base = storyDefaults(input).inputs;
    const full = STORY_MODEL.value(input).value_per_share;
    expect(leanValuePerShare(storyInputsOf(base, scenarioInputsOf(base)))).toBeCloseTo(full ?? Number.NaN, 9);
  });

  it('equals the full model for any drivers the model accepts, and refuses what it refuses', () => {
    const base = storyDefaults({ statements: SAMPLE_COMPANY }).inputs;
    fc.assert(
      fc.property(
        fc.record({
          revenue_growth: fc.double({ min: -0.5, max: 1, noNaN: true }),
          target_margin: fc.double({ min: -0.5, max: 0.8, noNaN: true }),
          sales_to_capital: fc.double({ min: 0.05, max: 20, noNaN: true }),
          wacc: fc.double({ min: 0.05, max: 0.3, noNaN: true }),
          terminal_growth: fc.double({ min: -0.05, max: 0.04, noNaN: true }),
          tax_rate: fc.double({ min: 0, max: 0.5, noNaN: true }),
        }),
        (drivers) => {
          const story = storyInputsOf(base, drivers);
          fc.pre(drawRefusal(story) === null);
          expect(close(leanEquityValue(story), storyValuation(story).equity_value)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a refused draw', () => {
  it('is one the full model refuses too', () => {
    const base = storyDefaults({ statements: SAMPLE_COMPANY }).inputs;
    fc.assert(
      fc.property(
        fc.double({ min: 0.005, max: 0.35, noNaN: true }),
        fc.double({ min: -0.06, max: 0.07, noNaN: true }),
        (wacc, g) => {
          const story = storyInputsOf(base, { ...scenarioInputsOf(base), wacc, terminal_growth: g });
          const refused = drawRefusal(story) !== null;
          let fullRefuses = false;
          try {
            storyValuation(story);
          } catch {
            fullRefuses = true;
          }
          // The lean path refuses also WACC ≤ g in years 1–5, which the full model would discount.
          if (fullRefuses) expect(refused).toBe(true);
          if (!refused) expect(fullRefuses).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
