import { percentileOf } from './percentiles.ts';
import { seededRandom } from './random.ts';
import type { ErrorBound, QuickEvaluator, RangeEvaluator, RangeInputs, RangeModel } from './range-model.ts';
import type { SimulatedPercentiles, SimulationSettings } from './simulation.ts';

const PERCENTILES = [0.1, 0.5, 0.9] as const;

/**
 * P10, P50 and P90 of a simulation, equal to those of the same simulation valued draw by draw with the model's
 * evaluator (docs/model.md 16, the stored verdict), at a fraction of its cost: the same draws (seed, drivers,
 * order) are valued with the model's quick evaluator, which refuses the same draws and comes within a bound
 * of each value; the percentiles then value again with the evaluator only the draws that can be the order
 * statistics they rest on. A quick value within `d` of the exact one for every draw puts each exact order
 * statistic within `d` of the quick one; so a draw whose quick value lies more than `2d` below (above) the
 * quick order statistic is certainly below (above) the exact one, and the exact one is among the rest.
 * Undefined when a value is not finite (the caller values every draw then).
 */
export function quickPercentiles<D extends string>(
  model: RangeModel<D>,
  quick: QuickEvaluator,
  centre: RangeInputs<D>,
  settings: SimulationSettings<D>,
): SimulatedPercentiles | undefined {
  const random = seededRandom(settings.seed);
  const { drivers } = model;
  const width = drivers.length;
  // By index rather than by name: a draw is a few arithmetic operations, and looking each name up was most of it.
  const logarithmic = drivers.map((driver) => model.logarithmic[driver]);
  const centres = Float64Array.from(drivers, (driver) => centre[driver]);
  const spreads = Float64Array.from(drivers, (driver) => settings.spreads[driver]);
  const drawn = new Float64Array(width);
  // The accepted draws' drivers (for the exact values asked for later) and quick values.
  const kept = new Float64Array(settings.draws * width);
  const values = new Float64Array(settings.draws);
  const bound: ErrorBound = { error: 0 };
  let accepted = 0;
  let error = 0;
  for (let draw = 0; draw < settings.draws; draw++) {
    // As the simulation draws (startRangeSimulation): each driver's number in order, refused or not.
    for (let index = 0; index < width; index++) {
      const z = random.normal();
      const at = centres[index] as number;
      const spread = spreads[index] as number;
      drawn[index] = logarithmic[index] ? at * Math.exp(spread * z) : at + spread * z;
    }
    const outcome = quick(drawn, bound);
    if (typeof outcome !== 'number') continue;
    if (!Number.isFinite(outcome) || !Number.isFinite(bound.error)) return undefined;
    for (let index = 0; index < width; index++) kept[accepted * width + index] = drawn[index] as number;
    values[accepted++] = outcome;
    if (bound.error > error) error = bound.error;
  }
  if (accepted === 0) return { p10: null, p50: null, p90: null };
  const quickValues = values.subarray(0, accepted);
  const selected = quickValues.slice();
  const exact = exactValues(model.evaluator(), centre, drivers, kept);
  const [p10, p50, p90] = PERCENTILES.map((p) => {
    // The two ranks the percentile lies between (percentileOf's), and the draws whose exact values may be them.
    const low = Math.floor((accepted - 1) * p);
    const from = smallest(selected, low) - 2 * error;
    const to = smallest(selected, Math.min(accepted - 1, low + 1)) + 2 * error;
    let below = 0;
    const near: number[] = [];
    for (let draw = 0; draw < accepted; draw++) {
      const value = quickValues[draw] as number;
      if (value < from) below++;
      else if (value <= to) near.push(exact(draw));
    }
    const ordered = Float64Array.from(near).sort();
    return percentileOf(accepted, p, (rank) => ordered[rank - below]);
  });
  if (![p10, p50, p90].every((value) => value !== undefined && Number.isFinite(value))) return undefined;
  return { p10: p10 ?? null, p50: p50 ?? null, p90: p90 ?? null };
}

/** The k-th smallest (0-based) of `values`, which it reorders (Hoare's selection: no full sort needed). */
function smallest(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (right > left) {
    const pivot = values[(left + right) >> 1] as number;
    let i = left;
    let j = right;
    while (i <= j) {
      while ((values[i] as number) < pivot) i++;
      while ((values[j] as number) > pivot) j--;
      if (i <= j) {
        const swapped = values[i] as number;
        values[i++] = values[j] as number;
        values[j--] = swapped;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k] as number;
}

/** The evaluator's value of a kept draw (an accepted one: it values it). */
function exactValues<D extends string>(
  evaluate: RangeEvaluator<D>,
  centre: RangeInputs<D>,
  drivers: readonly D[],
  kept: Float64Array,
): (draw: number) => number {
  const width = drivers.length;
  const inputs: Record<D, number> = { ...centre };
  return (draw) => {
    for (let index = 0; index < width; index++) inputs[drivers[index] as D] = kept[draw * width + index] as number;
    const outcome = evaluate(inputs);
    return typeof outcome === 'number' ? outcome : Number.NaN;
  };
}
