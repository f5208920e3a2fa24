import { ValuationError } from '../errors.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import { preferredModel } from '../valuation/models/registry.ts';
import type { StoryInputs } from '../valuation/models/story.ts';
import { STORY_MODEL } from '../valuation/models/story-model.ts';
import { type ExcessReturnStart, excessReturnRange, excessReturnStartOf } from './excess-return-range.ts';
import { type RangeModel, type RangeScenario, rangeValueOf } from './range-model.ts';
import { ratingOf, relativeSpread, verdictOf } from './rating.ts';
import { defaultScenarios, isBaseScenario, type Scenario, weightsIssue } from './scenarios.ts';
import type { SimulationResult } from './simulation.ts';
import { type DefaultSpreads, defaultSpreads } from './spreads.ts';
import { storyRange } from './story-range.ts';

/**
 * A company's value as a range (docs/model.md, uncertainty): each scenario's value per share, their
 * weighted value, and the rating from a simulation's spread with the verdict of the price against the
 * weighted value at the rating's margin. The report's uncertainty view puts them together.
 */
export interface ScenarioValue {
  readonly id: string;
  readonly name: string;
  readonly weight: number;
  /** null when the model refuses the scenario (its reason in `refusal`). */
  readonly value_per_share: number | null;
  readonly refusal: string | null;
}

/** A scenario's value per share by the story model, or why the model refuses it. */
export function scenarioValue(base: StoryInputs, scenario: Scenario): ScenarioValue {
  return rangeScenarioValue(storyRange(base), scenario);
}

/** A scenario's value per share by any model's range, or why the model refuses it. */
export function rangeScenarioValue<D extends string>(model: RangeModel<D>, scenario: RangeScenario<D>): ScenarioValue {
  const { value, refusal } = rangeValueOf(model, scenario.inputs);
  return { id: scenario.id, name: scenario.name, weight: scenario.weight, value_per_share: value, refusal };
}

/** Σ weight × value per share; null when a value is missing or the weights are refused. */
export function weightedValue(values: readonly ScenarioValue[]): number | null {
  if (weightsIssue(values) !== null) return null;
  let sum = 0;
  for (const { weight, value_per_share } of values) {
    if (value_per_share === null) return null;
    sum += weight * value_per_share;
  }
  return sum;
}

/** The rating and verdict of a finished simulation against the weighted value. */
export function judge(
  simulation: Pick<SimulationResult, 'p10' | 'p50' | 'p90'>,
  value: number | null,
  price: number | null,
) {
  const { p10, p50, p90 } = simulation;
  const spread = p10 === null || p50 === null || p90 === null ? null : relativeSpread(p10, p50, p90);
  const rating = spread === null ? null : ratingOf(spread);
  return { spread, rating, verdict: rating ? verdictOf(price, value, rating.margin) : null };
}

/** Where the story model's simulation starts for a company: its defaults, the generated scenarios, the spreads. */
export interface StoryStart {
  readonly model: 'story';
  readonly base: StoryInputs;
  readonly scenarios: readonly Scenario[];
  readonly words: Readonly<Record<string, readonly string[]>>;
  readonly spreads: DefaultSpreads;
}

/** Where a company's range starts: the story model's for an FCFF company, excess returns' otherwise. */
export type UncertaintyStart = StoryStart | ExcessReturnStart;

/** The range model of a start (rebuilt from its plain data, e.g. in the worker). */
export function rangeModelOf(start: Pick<UncertaintyStart, 'model' | 'base'>): RangeModel {
  return (
    start.model === 'story'
      ? storyRange(start.base as StoryInputs)
      : excessReturnRange(start.base as ExcessReturnStart['base'])
  ) as RangeModel;
}

/**
 * The generated scenarios at 25/50/25 and the spreads of the company's history, by the model the registry
 * values the company with (docs/model.md, uncertainty): the story model for a company the FCFF values,
 * excess returns for a bank, an insurer, a broker or a summary-only company. Throws MODEL_NOT_APPLICABLE
 * where neither gives one and NO_SHARES_FOR_RANGE without a share count.
 */
export function uncertaintyStartOf(company: string, input: CompanyValuationInput): UncertaintyStart {
  if (preferredModel(input) === 'excess_return') return excessReturnStartOf(company, input);
  const fit = STORY_MODEL.fits(input);
  if (!fit.fits) throw new ValuationError('MODEL_NOT_APPLICABLE', 'company', fit.reason);
  const generated = defaultScenarios(company, input);
  if (!(generated.defaults.inputs.shares > 0)) throw new ValuationError('NO_SHARES_FOR_RANGE', 'shares');
  return {
    model: 'story',
    base: generated.defaults.inputs,
    scenarios: generated.scenarios,
    words: generated.words,
    spreads: defaultSpreads(input),
  };
}

/**
 * The story model's start, for what takes the story model's six drivers (the what-if's and a person's own
 * scenarios); MODEL_NOT_APPLICABLE for a company whose range is by excess returns.
 */
export function storyStartOf<S extends UncertaintyStart>(start: S): Extract<S, { model: 'story' }> {
  if (start.model !== 'story') throw new ValuationError('MODEL_NOT_APPLICABLE', 'company', STORY_DRIVERS_ONLY);
  return start as Extract<S, { model: 'story' }>;
}
export const STORY_DRIVERS_ONLY = '该公司按超额收益模型估值，情景的驱动因素为ROE、股权成本与永续增长率';

/** The scenario the server's simulation centres on: 基准. */
export function baseScenarioOf<S extends RangeScenario>(scenarios: readonly S[]): S {
  const base = scenarios.find((scenario) => isBaseScenario(scenario.id)) ?? scenarios[0];
  if (!base) throw new ValuationError('NO_HISTORY', 'statements');
  return base;
}
