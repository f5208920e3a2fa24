import { ValuationError } from '../errors.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import type { StoryInputs } from '../valuation/models/story.ts';
import { STORY_MODEL } from '../valuation/models/story-model.ts';
import { leanValuePerShare } from './lean-value.ts';
import { ratingOf, relativeSpread, verdictOf } from './rating.ts';
import { defaultScenarios, isBaseScenario, type Scenario, storyInputsOf, weightsIssue } from './scenarios.ts';
import { drawRefusal, REFUSAL_LABELS, type SimulationResult } from './simulation.ts';
import { type DefaultSpreads, defaultSpreads } from './spreads.ts';

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

/** A scenario's value per share, or why the model refuses it. */
export function scenarioValue(base: StoryInputs, scenario: Scenario): ScenarioValue {
  const story = storyInputsOf(base, scenario.inputs);
  const refusal = drawRefusal(story);
  return {
    id: scenario.id,
    name: scenario.name,
    weight: scenario.weight,
    value_per_share: refusal ? null : leanValuePerShare(story),
    refusal: refusal ? REFUSAL_LABELS[refusal] : null,
  };
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

/** Where the simulation starts for a company: the story's defaults, the generated scenarios, the spreads. */
export interface UncertaintyStart {
  readonly base: StoryInputs;
  readonly scenarios: readonly Scenario[];
  readonly words: Readonly<Record<string, readonly string[]>>;
  readonly spreads: DefaultSpreads;
}

/**
 * The generated scenarios at 25/50/25 and the spreads of the company's history. Throws
 * MODEL_NOT_APPLICABLE where the story model does not fit (a financial company, a summary-only one) and
 * NO_SHARES_FOR_RANGE without a share count.
 */
export function uncertaintyStartOf(company: string, input: CompanyValuationInput): UncertaintyStart {
  const fit = STORY_MODEL.fits(input);
  if (!fit.fits) throw new ValuationError('MODEL_NOT_APPLICABLE', 'company', fit.reason);
  const generated = defaultScenarios(company, input);
  if (!(generated.defaults.inputs.shares > 0)) throw new ValuationError('NO_SHARES_FOR_RANGE', 'shares');
  return {
    base: generated.defaults.inputs,
    scenarios: generated.scenarios,
    words: generated.words,
    spreads: defaultSpreads(input),
  };
}

/** The scenario the server's simulation centres on: 基准. */
export function baseScenarioOf(scenarios: readonly Scenario[]): Scenario {
  const base = scenarios.find((scenario) => isBaseScenario(scenario.id)) ?? scenarios[0];
  if (!base) throw new ValuationError('NO_HISTORY', 'statements');
  return base;
}
