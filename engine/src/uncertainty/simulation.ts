import type { StoryInputs } from '../valuation/models/story.ts';
import { type Histogram, histogramOf, percentile, shareAbove } from './percentiles.ts';
import { quickPercentiles } from './quick-percentiles.ts';
import { seededRandom } from './random.ts';
import type { RangeInputs, RangeModel, RefusalReason } from './range-model.ts';
import type { DriverName, ScenarioInputs } from './scenarios.ts';
import { storyRange } from './story-range.ts';

/**
 * The Monte Carlo of a scenario (docs/model.md, uncertainty): each draw takes the model's drivers
 * independently from distributions centred on the scenario's inputs (normal, or log-normal where the model
 * says) with the spreads given, values the company on the model's lean path, and keeps the value per share.
 * A draw the model refuses (WACC or Ke ≤ g, a driver outside its accepted range) is counted by its reason,
 * never dropped silently. Each draw takes its numbers in the drivers' order whether or not it is refused,
 * so a seed gives the same draws however the run is cut into steps.
 */
export const DEFAULT_DRAWS = 10_000;
export const DEFAULT_SEED = 20_240_601;
export const MIN_DRAWS = 100;
export const MAX_DRAWS = 100_000;

export type { RefusalReason } from './range-model.ts';
export { drawRefusal, REFUSAL_LABELS } from './story-range.ts';

export interface SimulationSettings<D extends string = DriverName> {
  readonly draws: number;
  readonly seed: number;
  /** Each driver's standard deviation (of its logarithm where drawn log-normal). */
  readonly spreads: RangeInputs<D>;
}

export interface SimulationResult {
  readonly draws: number;
  readonly seed: number;
  /** The values per share of the accepted draws, ascending. */
  readonly values: Float64Array;
  readonly refused: number;
  readonly refused_share: number;
  readonly refusals: Readonly<Record<RefusalReason, number>>;
  /** null when every draw was refused. */
  readonly p10: number | null;
  readonly p50: number | null;
  readonly p90: number | null;
  /** The share of accepted draws worth more than the price; null without a price or a draw. */
  readonly prob_above_price: number | null;
  readonly histogram: Histogram;
}

/** A run that can be taken in steps (the worker reports progress and hears a cancel between them). */
export interface SimulationRun<D extends string = DriverName> {
  /** Takes up to `count` more draws; true when all are taken. */
  step(count: number): boolean;
  readonly taken: number;
  readonly settings: SimulationSettings<D>;
  /** The result of the draws taken so far. */
  result(price: number | null): SimulationResult;
}

/** The story model's simulation around the company's story defaults `base`. */
export function startSimulation(
  base: StoryInputs,
  centre: ScenarioInputs,
  settings: SimulationSettings,
): SimulationRun {
  return startRangeSimulation(storyRange(base), centre, settings);
}

/** A simulation of any model's range (the story model's, excess returns'). */
export function startRangeSimulation<D extends string>(
  model: RangeModel<D>,
  centre: RangeInputs<D>,
  settings: SimulationSettings<D>,
): SimulationRun<D> {
  const random = seededRandom(settings.seed);
  const values = new Float64Array(settings.draws);
  const refusals: Record<RefusalReason, number> = { wacc_not_above_growth: 0, out_of_range: 0 };
  const drawn: Record<D, number> = { ...centre };
  const { drivers } = model;
  const logarithmic = drivers.map((driver) => model.logarithmic[driver]);
  const evaluate = model.evaluator();
  const { spreads } = settings;
  let taken = 0;
  let accepted = 0;
  const drawOne = () => {
    for (let index = 0; index < drivers.length; index++) {
      const driver = drivers[index] as D;
      const z = random.normal();
      drawn[driver] = logarithmic[index]
        ? centre[driver] * Math.exp(spreads[driver] * z)
        : centre[driver] + spreads[driver] * z;
    }
    const outcome = evaluate(drawn);
    if (typeof outcome === 'number') values[accepted++] = outcome;
    else refusals[outcome]++;
  };
  return {
    settings,
    get taken() {
      return taken;
    },
    step(count) {
      const end = Math.min(settings.draws, taken + count);
      while (taken < end) {
        drawOne();
        taken++;
      }
      return taken >= settings.draws;
    },
    result(price) {
      const sorted = values.slice(0, accepted).sort();
      const refused = taken - accepted;
      const some = accepted > 0;
      return {
        draws: taken,
        seed: settings.seed,
        values: sorted,
        refused,
        refused_share: taken > 0 ? refused / taken : 0,
        refusals: { ...refusals },
        p10: some ? percentile(sorted, 0.1) : null,
        p50: some ? percentile(sorted, 0.5) : null,
        p90: some ? percentile(sorted, 0.9) : null,
        prob_above_price: some && price !== null && price > 0 ? shareAbove(sorted, price) : null,
        histogram: histogramOf(sorted),
      };
    },
  };
}

/** The story model's whole simulation at once (tests; the bench). */
export function simulate(
  base: StoryInputs,
  centre: ScenarioInputs,
  settings: SimulationSettings,
  price: number | null,
): SimulationResult {
  return simulateRange(storyRange(base), centre, settings, price);
}

/** P10, P50 and P90 of a simulation's accepted draws (null when every draw was refused). */
export type SimulatedPercentiles = Pick<SimulationResult, 'p10' | 'p50' | 'p90'>;

/**
 * The percentiles of any model's whole simulation, equal to `simulateRange`'s (the stored range): through
 * the model's quick evaluator where it has one (quick-percentiles.ts), else draw by draw.
 */
export function simulatedPercentiles<D extends string>(
  model: RangeModel<D>,
  centre: RangeInputs<D>,
  settings: SimulationSettings<D>,
): SimulatedPercentiles {
  const quick = model.quickEvaluator?.();
  const quickly = quick && quickPercentiles(model, quick, centre, settings);
  if (quickly) return quickly;
  const { p10, p50, p90 } = simulateRange(model, centre, settings, null);
  return { p10, p50, p90 };
}

/** Any model's whole simulation at once (the server). */
export function simulateRange<D extends string>(
  model: RangeModel<D>,
  centre: RangeInputs<D>,
  settings: SimulationSettings<D>,
  price: number | null,
): SimulationResult {
  const run = startRangeSimulation(model, centre, settings);
  run.step(settings.draws);
  return run.result(price);
}
