import { describe, expect, it } from 'vitest';
import { isValuationError } from '../errors.ts';
import { SAMPLE_BANK } from '../testing/sample-bank.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { STORY_MODEL } from '../valuation/models/story-model.ts';
import { ratingOf, UNCERTAINTY_RATINGS, verdictOf } from './rating.ts';
import { DRIVER_NUDGES, nudged } from './scenarios.ts';
import { simulate } from './simulation.ts';
import { tornado } from './tornado.ts';
import {
  baseScenarioOf,
  judge,
  scenarioValue,
  storyStartOf,
  uncertaintyStartOf,
  weightedValue,
} from './uncertainty.ts';

const input = { statements: SAMPLE_COMPANY };

describe('a company’s uncertainty', () => {
  const start = storyStartOf(uncertaintyStartOf('000001', input));
  const values = start.scenarios.map((scenario) => scenarioValue(start.base, scenario));
  const weighted = weightedValue(values);
  const centre = baseScenarioOf(start.scenarios).inputs;
  const simulation = simulate(start.base, centre, { draws: 2000, seed: 1, spreads: start.spreads.spreads }, 10);

  it('values each scenario and weights them 25/50/25; the base is the story model’s value', () => {
    const [bear, base, bull] = values;
    expect(base?.value_per_share).toBeCloseTo(STORY_MODEL.value(input).value_per_share ?? Number.NaN, 9);
    expect(bear?.value_per_share ?? 0).toBeLessThan(base?.value_per_share ?? 0);
    expect(bull?.value_per_share ?? 0).toBeGreaterThan(base?.value_per_share ?? 0);
    const sum =
      0.25 * (bear?.value_per_share ?? 0) + 0.5 * (base?.value_per_share ?? 0) + 0.25 * (bull?.value_per_share ?? 0);
    expect(weighted).toBeCloseTo(sum, 12);
    expect(weightedValue(values.map((value) => ({ ...value, weight: 0.2 })))).toBeNull();
  });

  it('rates the spread and judges the price with the rating’s margin', () => {
    const { p10, p50, p90 } = simulation;
    const spread = ((p90 ?? 0) - (p10 ?? 0)) / (2 * (p50 ?? 1));
    const judged = judge(simulation, weighted, 10);
    expect(judged.spread).toBeCloseTo(spread, 12);
    expect(judged.rating).toBe(ratingOf(spread));
    expect(judged.verdict).toBe(verdictOf(10, weighted, judged.rating?.margin ?? 0));
  });

  it('gives a financial company its range by excess returns, and refuses it the story model’s drivers', () => {
    const bank = uncertaintyStartOf('bank', { statements: SAMPLE_BANK });
    expect(bank.model).toBe('excess_return');
    try {
      storyStartOf(bank);
      expect.unreachable();
    } catch (error) {
      expect(isValuationError(error) && error.code).toBe('MODEL_NOT_APPLICABLE');
    }
  });
});

describe('the tornado', () => {
  const start = storyStartOf(uncertaintyStartOf('000001', input));
  const centre = baseScenarioOf(start.scenarios).inputs;

  it('nudges each driver by its plausible step, largest swing first', () => {
    const { bars } = tornado(start.base, centre);
    expect(bars.map((bar) => bar.driver).sort()).toEqual(Object.keys(DRIVER_NUDGES).sort());
    const swings = bars.map((bar) => Math.abs((bar.high ?? 0) - (bar.low ?? 0)));
    expect(swings).toEqual([...swings].sort((a, b) => b - a));
    // A higher WACC lowers the value; a higher margin raises it.
    const wacc = bars.find((bar) => bar.driver === 'wacc');
    expect(wacc?.high ?? 0).toBeLessThan(wacc?.low ?? 0);
    expect(nudged('sales_to_capital', 2, 1)).toBeCloseTo(2.2, 12);
    expect(nudged('wacc', 0.08, -1)).toBeCloseTo(0.075, 12);
  });
});

describe('the rating table', () => {
  it('holds Morningstar’s margins, widening with the rating', () => {
    expect(UNCERTAINTY_RATINGS.map((row) => [row.rating, row.margin])).toEqual([
      ['低', 0.2],
      ['中', 0.3],
      ['高', 0.4],
      ['极高', 0.5],
    ]);
    expect(ratingOf(0.1).rating).toBe('低');
    expect(ratingOf(0.25).rating).toBe('中');
    expect(ratingOf(0.35).rating).toBe('高');
    expect(ratingOf(2).rating).toBe('极高');
  });

  it('calls 低估 below value × (1 − margin), 高估 above value × (1 + margin)', () => {
    expect(verdictOf(7.9, 10, 0.2)).toBe('低估');
    expect(verdictOf(8, 10, 0.2)).toBe('合理');
    expect(verdictOf(12, 10, 0.2)).toBe('合理');
    expect(verdictOf(12.1, 10, 0.2)).toBe('高估');
    expect(verdictOf(null, 10, 0.2)).toBeNull();
    expect(verdictOf(10, -1, 0.2)).toBeNull();
  });
});
