import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ICBC } from '../testing/icbc.ts';
import { type ExcessReturnInputs, excessReturnValuation } from '../valuation/models/excess-return.ts';
import { EXCESS_RETURN_MODEL } from '../valuation/models/excess-return-model.ts';
import { WACC_ASSUMPTIONS } from '../valuation/wacc.ts';
import { EXCESS_RETURN_DRIVERS, excessReturnRange } from './excess-return-range.ts';
import { leanExcessReturnEquity, quickExcessReturnEquity } from './lean-excess-return.ts';
import type { ErrorBound } from './range-model.ts';
import { simulateRange } from './simulation.ts';
import { rangeTornado } from './tornado.ts';
import { baseScenarioOf, rangeScenarioValue, uncertaintyStartOf, weightedValue } from './uncertainty.ts';

/** The server's CAPM inputs for a bank: 金融业's β 0.9. */
const input = { statements: ICBC, industry: 'J66', waccAssumptions: { ...WACC_ASSUMPTIONS, beta: 0.9 } };

const start = uncertaintyStartOf('601398', input);
if (start.model !== 'excess_return') throw new Error('工商银行应按超额收益模型给出区间');
const model = excessReturnRange(start.base);
const centre = baseScenarioOf(start.scenarios).inputs;

/** Inputs the model accepts (Ke above g by `margin`), over `years` explicit years at the most. */
const acceptedInputs = (years: number, margin: number) =>
  fc
    .record({
      bookEquity: fc.double({ min: 1, max: 1e5, noNaN: true }),
      normalisedRoe: fc.double({ min: -0.5, max: 1, noNaN: true }),
      sustainableRoe: fc.double({ min: -0.2, max: 0.5, noNaN: true }),
      costOfEquity: fc.double({ min: 0.01, max: 0.3, noNaN: true }),
      growth: fc.double({ min: -0.05, max: 0.06, noNaN: true }),
      years: fc.integer({ min: 0, max: years }),
    })
    .filter((candidate: ExcessReturnInputs) => candidate.costOfEquity - candidate.growth > margin);

describe('the lean excess-return path', () => {
  it('equals the full model on any inputs it accepts', () => {
    fc.assert(
      fc.property(acceptedInputs(15, 1e-3), (candidate) => {
        const full = excessReturnValuation(candidate).equity_value;
        expect(leanExcessReturnEquity(candidate)).toBeCloseTo(full, 6);
        expect(Math.abs(leanExcessReturnEquity(candidate) - full)).toBeLessThanOrEqual(
          1e-9 * Math.max(1, Math.abs(full)),
        );
      }),
    );
  });

  it('has a quick twin within its stated bound, on any inputs the model accepts (the stored range’s draws)', () => {
    fc.assert(
      fc.property(acceptedInputs(40, 1e-9), (candidate) => {
        const bound: ErrorBound = { error: Number.NaN };
        const quick = quickExcessReturnEquity(candidate, bound);
        expect(Math.abs(quick - leanExcessReturnEquity(candidate))).toBeLessThanOrEqual(bound.error);
      }),
    );
  });
});

describe('工商银行’s range by excess returns', () => {
  const values = start.scenarios.map((scenario) => rangeScenarioValue(model, scenario));

  it('values 基准 at the model’s own value per share; 悲观 below, 乐观 above, in words', () => {
    const [bear, base, bull] = values;
    expect(base?.value_per_share).toBeCloseTo(EXCESS_RETURN_MODEL.value(input).value_per_share ?? Number.NaN, 9);
    expect(bear?.value_per_share ?? 0).toBeLessThan(base?.value_per_share ?? 0);
    expect(bull?.value_per_share ?? 0).toBeGreaterThan(base?.value_per_share ?? 0);
    expect(weightedValue(values)).toBeCloseTo(
      0.25 * (bear?.value_per_share ?? 0) + 0.5 * (base?.value_per_share ?? 0) + 0.25 * (bull?.value_per_share ?? 0),
      12,
    );
    const bearWords = start.words[start.scenarios[0]?.id ?? ''] ?? [];
    const bullWords = start.words[start.scenarios[2]?.id ?? ''] ?? [];
    // 2022's 11.44% is within one nudge of the normalised 12.43%; 2018's 13.64% is beyond it.
    expect(bearWords[0]).toBe('常态化ROE 11.4%（基准下调1.0个百分点，历史区间更窄）');
    expect(bullWords[0]).toBe('常态化ROE 13.6%（2018年，近5年最高）');
    expect(bearWords[1]).toContain('股权成本（Ke） 9.4%');
  });

  it('draws ROE, Ke and g with spreads from the company’s history; a seed gives the same draws', () => {
    expect(Object.keys(start.spreads.spreads)).toEqual([...EXCESS_RETURN_DRIVERS]);
    expect(start.spreads.basis.normalised_roe).toContain('ROE的标准差');
    const settings = { draws: 3000, seed: 7, spreads: start.spreads.spreads };
    const first = simulateRange(model, centre, settings, 5);
    const again = simulateRange(model, centre, settings, 5);
    expect([again.p10, again.p50, again.p90]).toEqual([first.p10, first.p50, first.p90]);
    expect(first.p10 ?? 0).toBeLessThan(first.p50 ?? 0);
    expect(first.p50 ?? 0).toBeLessThan(first.p90 ?? 0);
    expect(first.refused).toBe(0);
  });

  it('counts the draws with Ke ≤ g as refused, never dropping them', () => {
    const wide = { normalised_roe: 0.02, cost_of_equity: 0.05, terminal_growth: 0.05 };
    const result = simulateRange(model, centre, { draws: 2000, seed: 3, spreads: wide }, null);
    expect(result.refusals.wacc_not_above_growth).toBeGreaterThan(0);
    expect(result.refused).toBe(result.refusals.wacc_not_above_growth + result.refusals.out_of_range);
    expect(result.values.length + result.refused).toBe(2000);
    expect(result.refused_share).toBeCloseTo(result.refused / 2000, 12);
  });

  it('ranks ROE ±1 point, Ke ±0.5 point, g ±0.25 point and payout ±5 points', () => {
    const { centre: value, bars } = rangeTornado(model, centre);
    expect(value).toBeCloseTo(values[1]?.value_per_share ?? Number.NaN, 12);
    expect(bars.map((bar) => bar.driver).sort()).toEqual([
      'cost_of_equity',
      'normalised_roe',
      'payout',
      'terminal_growth',
    ]);
    const ke = bars.find((bar) => bar.driver === 'cost_of_equity');
    expect(ke?.high ?? 0).toBeLessThan(ke?.low ?? 0);
    const payout = bars.find((bar) => bar.driver === 'payout');
    const g = centre.terminal_growth - 0.05 * centre.normalised_roe;
    const moved = rangeScenarioValue(model, {
      ...start.scenarios[1],
      id: 'x',
      company: 'x',
      name: 'x',
      weight: 1,
      inputs: { ...centre, terminal_growth: g },
    });
    expect(payout?.high).toBeCloseTo(moved.value_per_share ?? Number.NaN, 12);
  });
});
