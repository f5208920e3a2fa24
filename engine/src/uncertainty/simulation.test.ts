import { describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { storyDefaults } from '../valuation/models/story-defaults.ts';
import { leanValuePerShare } from './lean-value.ts';
import { percentile, shareAbove } from './percentiles.ts';
import { seededRandom } from './random.ts';
import { scenarioInputsOf, storyInputsOf } from './scenarios.ts';
import { simulate, startSimulation } from './simulation.ts';
import { defaultSpreads } from './spreads.ts';

const input = { statements: SAMPLE_COMPANY };
const base = storyDefaults(input).inputs;
const centre = scenarioInputsOf(base);
const { spreads } = defaultSpreads(input);

describe('the seeded generator', () => {
  it('gives the same numbers for the same seed, others for another', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const c = seededRandom(8);
    const first = Array.from({ length: 5 }, () => a.uniform());
    expect(Array.from({ length: 5 }, () => b.uniform())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.uniform())).not.toEqual(first);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });

  it('draws standard normals (mean ≈ 0, deviation ≈ 1 over 20,000 draws)', () => {
    const random = seededRandom(1);
    const values = Array.from({ length: 20_000 }, () => random.normal());
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(Math.sqrt(variance) - 1)).toBeLessThan(0.03);
  });
});

describe('the Monte Carlo', () => {
  const settings = { draws: 4000, seed: 42, spreads };

  it('is reproducible: the same seed gives the same percentiles, however the run is cut', () => {
    const whole = simulate(base, centre, settings, 20);
    const run = startSimulation(base, centre, settings);
    while (!run.step(333));
    const stepped = run.result(20);
    expect([stepped.p10, stepped.p50, stepped.p90]).toEqual([whole.p10, whole.p50, whole.p90]);
    expect(stepped.values).toEqual(whole.values);
    const other = simulate(base, centre, { ...settings, seed: 43 }, 20);
    expect(other.p50).not.toBe(whole.p50);
  });

  it('centres on the scenario: the median is near its value, P10 < P50 < P90', () => {
    const result = simulate(base, centre, settings, null);
    const value = leanValuePerShare(storyInputsOf(base, centre)) ?? 0;
    expect(result.p10 ?? 0).toBeLessThan(result.p50 ?? 0);
    expect(result.p50 ?? 0).toBeLessThan(result.p90 ?? 0);
    expect(Math.abs((result.p50 ?? 0) / value - 1)).toBeLessThan(0.1);
    expect(result.prob_above_price).toBeNull();
    expect(result.histogram.counts.reduce((sum, count) => sum + count, 0)).toBe(result.values.length);
  });

  it('counts the draws the model refuses and says why', () => {
    // g drawn around 5.9% with WACC around 6%: many draws have WACC ≤ g or g above its 6% bound.
    const risky = { ...centre, wacc: 0.06, terminal_growth: 0.059 };
    const result = simulate(base, risky, { draws: 2000, seed: 3, spreads: { ...spreads, wacc: 0.01 } }, 20);
    expect(result.refused).toBeGreaterThan(0);
    expect(result.refused).toBe(result.refusals.wacc_not_above_growth + result.refusals.out_of_range);
    expect(result.refusals.wacc_not_above_growth).toBeGreaterThan(0);
    expect(result.refused_share).toBeCloseTo(result.refused / 2000, 12);
    expect(result.values.length + result.refused).toBe(2000);
  });

  it('reads the probability of a value above the price from the accepted draws', () => {
    const result = simulate(base, centre, settings, 20);
    expect(result.prob_above_price).toBeCloseTo(shareAbove(result.values, 20), 12);
  });
});

describe('percentiles', () => {
  it('interpolate between ranks as PERCENTILE.INC does', () => {
    const sorted = Float64Array.from([1, 2, 3, 4]);
    expect(percentile(sorted, 0.5)).toBe(2.5);
    expect(percentile(sorted, 0.1)).toBeCloseTo(1.3, 12);
    expect(percentile(sorted, 0.9)).toBeCloseTo(3.7, 12);
    expect(shareAbove(sorted, 2)).toBe(0.5);
  });
});
