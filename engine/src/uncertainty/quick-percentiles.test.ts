import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ICBC } from '../testing/icbc.ts';
import { WACC_ASSUMPTIONS } from '../valuation/wacc.ts';
import { excessReturnRange } from './excess-return-range.ts';
import { quickPercentiles } from './quick-percentiles.ts';
import type { RangeInputs, RangeModel } from './range-model.ts';
import { simulatedPercentiles, simulateRange } from './simulation.ts';
import { baseScenarioOf, uncertaintyStartOf } from './uncertainty.ts';

/** The percentiles the plain simulation gives: every draw valued with the model's evaluator. */
function plainPercentiles<D extends string>(
  model: RangeModel<D>,
  centre: RangeInputs<D>,
  settings: Parameters<typeof simulateRange<D>>[2],
) {
  const { p10, p50, p90 } = simulateRange(model, centre, settings, null);
  return { p10, p50, p90 };
}

describe('the percentiles through the quick evaluator', () => {
  const start = uncertaintyStartOf('601398', {
    statements: ICBC,
    industry: 'J66',
    waccAssumptions: { ...WACC_ASSUMPTIONS, beta: 0.9 },
  });
  if (start.model !== 'excess_return') throw new Error('工商银行应按超额收益模型给出区间');
  const model = excessReturnRange(start.base);
  const centre = baseScenarioOf(start.scenarios).inputs;

  it('equal the plain simulation’s, to the last digit, for any seed, draw count and spreads', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 1, max: 3000 }),
        fc.double({ min: 0.001, max: 0.2, noNaN: true }),
        fc.double({ min: 0.001, max: 0.05, noNaN: true }),
        (seed, draws, roeSpread, keSpread) => {
          const spreads = { normalised_roe: roeSpread, cost_of_equity: keSpread, terminal_growth: 0.005 };
          const settings = { draws, seed, spreads };
          expect(simulatedPercentiles(model, centre, settings)).toEqual(plainPercentiles(model, centre, settings));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('are null when every draw is refused, as the plain simulation’s', () => {
    const refused = { ...centre, terminal_growth: centre.cost_of_equity + 0.05 };
    const settings = { draws: 200, seed: 1, spreads: { normalised_roe: 0.01, cost_of_equity: 0, terminal_growth: 0 } };
    expect(simulatedPercentiles(model, refused, settings)).toEqual({ p10: null, p50: null, p90: null });
    expect(plainPercentiles(model, refused, settings)).toEqual({ p10: null, p50: null, p90: null });
  });

  const quickOf = (model: RangeModel<'x'>) => {
    const quick = model.quickEvaluator?.();
    if (!quick) throw new Error('no quick evaluator');
    return quick;
  };

  /** A model of one driver whose quick values stray from the exact ones by up to their whole bound. */
  function strayingModel(stray: (value: number, draw: number) => number): RangeModel<'x'> {
    const exact = (x: number) => (x > 2 ? 'out_of_range' : Math.round(x * 20) / 20 + x * 1e-3);
    let draw = 0;
    return {
      id: 'story',
      drivers: ['x'],
      logarithmic: { x: false },
      nudges: [],
      refusalLabels: { wacc_not_above_growth: '', out_of_range: '' },
      evaluator: () => (inputs) => exact(inputs.x),
      quickEvaluator: () => (values, bound) => {
        const value = exact(values[0] ?? Number.NaN);
        if (typeof value !== 'number') return value;
        bound.error = 0.01;
        return value + stray(value, draw++);
      },
    };
  }

  it('find the exact order statistics however the quick values stray within their bound (many ties)', () => {
    const settings = { draws: 1500, seed: 7, spreads: { x: 1 } };
    for (const stray of [
      () => 0.01,
      () => -0.01,
      (_value: number, draw: number) => (draw % 2 === 0 ? 0.01 : -0.01),
      (value: number) => (value > 0 ? -0.00999 : 0.00999),
    ]) {
      const model = strayingModel(stray);
      const quick = quickPercentiles(model, quickOf(model), { x: 0 }, settings);
      expect(quick).toBeDefined();
      expect(quick).toEqual(plainPercentiles(model, { x: 0 }, settings));
    }
  });

  it('fall back to valuing every draw when a quick value is not finite', () => {
    const model = strayingModel((value) => (value > 1.5 ? Number.POSITIVE_INFINITY : 0));
    const settings = { draws: 500, seed: 3, spreads: { x: 1 } };
    expect(quickPercentiles(model, quickOf(model), { x: 0 }, settings)).toBeUndefined();
    expect(simulatedPercentiles(model, { x: 0 }, settings)).toEqual(plainPercentiles(model, { x: 0 }, settings));
  });
});
