import type { StoryInputs } from '../valuation/models/story.ts';
import { STORY_PARAMETER_RULES, type StoryParameterKey } from '../valuation/parameter-rules.ts';
import { leanEquityValue } from './lean-value.ts';
import { type Histogram, histogramOf, percentile, shareAbove } from './percentiles.ts';
import { seededRandom } from './random.ts';
import { assignScenario, DRIVER_LEVERS, type DriverName, SCENARIO_DRIVERS, type ScenarioInputs } from './scenarios.ts';
import { SPREAD_RULES, type Spreads } from './spreads.ts';

/**
 * The Monte Carlo of a scenario (docs/model.md, uncertainty): each draw takes the six drivers independently
 * from distributions centred on the scenario's inputs (normal; sales-to-capital log-normal) with the
 * spreads given, values the company on the lean path, and keeps the value per share. A draw the model
 * refuses (WACC ≤ g, a driver outside its accepted range) is counted by its reason, never dropped silently.
 * Each draw takes its six numbers in the drivers' order whether or not it is refused, so a seed gives the
 * same draws however the run is cut into steps.
 */
export const DEFAULT_DRAWS = 10_000;
export const DEFAULT_SEED = 20_240_601;
export const MIN_DRAWS = 100;
export const MAX_DRAWS = 100_000;

export type RefusalReason = 'wacc_not_above_growth' | 'out_of_range';
export const REFUSAL_LABELS: Readonly<Record<RefusalReason, string>> = {
  wacc_not_above_growth: 'WACC 不高于永续增长率',
  out_of_range: '驱动因素超出可接受范围',
};

export interface SimulationSettings {
  readonly draws: number;
  readonly seed: number;
  readonly spreads: Spreads;
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

/** The levers a draw moves: the drivers' own and those that move with them (storyInputsOf). */
const MOVED_LEVERS: readonly StoryParameterKey[] = [
  ...SCENARIO_DRIVERS.map((driver) => DRIVER_LEVERS[driver]),
  'sales_to_capital_years_6_10',
  'cost_of_capital_terminal',
  'terminal_roc',
  'marginal_tax_rate',
];

const MOVED_RANGES = MOVED_LEVERS.map(
  (lever) => [lever, STORY_PARAMETER_RULES[lever].min, STORY_PARAMETER_RULES[lever].max] as const,
);

/** Why the model refuses a draw's story inputs; null when it values them (as storyValuation would). */
export function drawRefusal(story: StoryInputs): RefusalReason | null {
  for (const [lever, min, max] of MOVED_RANGES) {
    const value = story[lever];
    if (!(value >= min && value <= max)) return 'out_of_range';
  }
  const g = story.terminal_growth;
  return story.cost_of_capital_initial <= g || story.cost_of_capital_terminal <= g ? 'wacc_not_above_growth' : null;
}

/** A run that can be taken in steps (the worker reports progress and hears a cancel between them). */
export interface SimulationRun {
  /** Takes up to `count` more draws; true when all are taken. */
  step(count: number): boolean;
  readonly taken: number;
  readonly settings: SimulationSettings;
  /** The result of the draws taken so far. */
  result(price: number | null): SimulationResult;
}

export function startSimulation(
  base: StoryInputs,
  centre: ScenarioInputs,
  settings: SimulationSettings,
): SimulationRun {
  const random = seededRandom(settings.seed);
  const values = new Float64Array(settings.draws);
  const refusals: Record<RefusalReason, number> = { wacc_not_above_growth: 0, out_of_range: 0 };
  const drawn: Record<DriverName, number> = { ...centre };
  const story: Record<StoryParameterKey, number> = { ...base };
  const logarithmic = SCENARIO_DRIVERS.map((driver) => SPREAD_RULES[driver].logarithmic);
  const { spreads } = settings;
  let taken = 0;
  let accepted = 0;
  const drawOne = () => {
    for (let index = 0; index < SCENARIO_DRIVERS.length; index++) {
      const driver = SCENARIO_DRIVERS[index] as DriverName;
      const z = random.normal();
      drawn[driver] = logarithmic[index]
        ? centre[driver] * Math.exp(spreads[driver] * z)
        : centre[driver] + spreads[driver] * z;
    }
    assignScenario(story, base, drawn);
    const refusal = drawRefusal(story);
    if (refusal) refusals[refusal]++;
    else values[accepted++] = leanEquityValue(story) / story.shares;
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

/** The whole simulation at once (the server; tests). */
export function simulate(
  base: StoryInputs,
  centre: ScenarioInputs,
  settings: SimulationSettings,
  price: number | null,
): SimulationResult {
  const run = startSimulation(base, centre, settings);
  run.step(settings.draws);
  return run.result(price);
}
