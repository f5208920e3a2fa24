import { ValuationError } from '../errors.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import type { StoryInputs } from '../valuation/models/story.ts';
import { storyDefaults } from '../valuation/models/story-defaults.ts';
import { STORY_MODEL } from '../valuation/models/story-model.ts';
import { leanValuePerShare } from './lean-value.ts';
import { type RatingRow, ratingOf, relativeSpread, type Verdict, verdictOf } from './rating.ts';
import { defaultScenarios, type Scenario, type ScenarioInputs, storyInputsOf, weightsIssue } from './scenarios.ts';
import {
  DEFAULT_DRAWS,
  DEFAULT_SEED,
  drawRefusal,
  REFUSAL_LABELS,
  type SimulationResult,
  type SimulationSettings,
  simulate,
} from './simulation.ts';
import { defaultSpreads } from './spreads.ts';
import { type TornadoBar, tornado } from './tornado.ts';

/**
 * A company's value as a range (docs/model.md, uncertainty): each scenario's value per share, their
 * weighted value, the simulation around one scenario, the tornado around it, the rating from the
 * simulation's spread and the verdict of the price against the weighted value with the rating's margin.
 */
export interface ScenarioValue {
  readonly id: string;
  readonly name: string;
  readonly weight: number;
  /** null when the model refuses the scenario (its reason in `refusal`). */
  readonly value_per_share: number | null;
  readonly refusal: string | null;
}

export interface UncertaintyAnalysis {
  readonly scenarios: readonly ScenarioValue[];
  /** Σ weight × value; null when a scenario is refused or the weights do not total 100%. */
  readonly weighted_value: number | null;
  readonly weights_issue: string | null;
  readonly price: number | null;
  readonly simulation: SimulationResult;
  readonly tornado: readonly TornadoBar[];
  /** (P90 − P10) / (2 × P50); null when every draw was refused. */
  readonly spread: number | null;
  readonly rating: RatingRow | null;
  readonly verdict: Verdict | null;
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

export interface UncertaintyRequest {
  readonly base: StoryInputs;
  readonly scenarios: readonly Scenario[];
  /** The scenario the simulation and the tornado centre on. */
  readonly centre: ScenarioInputs;
  readonly settings: SimulationSettings;
  readonly price: number | null;
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

export function uncertaintyOf(request: UncertaintyRequest): UncertaintyAnalysis {
  if (!(request.base.shares > 0)) throw new ValuationError('NO_SHARES_FOR_RANGE', 'shares');
  const scenarios = request.scenarios.map((scenario) => scenarioValue(request.base, scenario));
  const weighted = weightedValue(scenarios);
  const simulation = simulate(request.base, request.centre, request.settings, request.price);
  return {
    scenarios,
    weighted_value: weighted,
    weights_issue: weightsIssue(scenarios),
    price: request.price,
    simulation,
    tornado: tornado(request.base, request.centre).bars,
    ...judge(simulation, weighted, request.price),
  };
}

export interface CompanyUncertaintyOptions {
  readonly price: number | null;
  readonly seed?: number;
  readonly draws?: number;
}

/**
 * The server's answer for a company: the generated scenarios at 25/50/25, the simulation around the base
 * with the spreads of the company's history, seeded. Throws MODEL_NOT_APPLICABLE where the story model
 * does not fit (a financial company, a summary-only one) and NO_SHARES_FOR_RANGE without a share count.
 */
export function companyUncertainty(company: string, input: CompanyValuationInput, options: CompanyUncertaintyOptions) {
  const fit = STORY_MODEL.fits(input);
  if (!fit.fits) throw new ValuationError('MODEL_NOT_APPLICABLE', 'company', fit.reason);
  const defaults = storyDefaults(input);
  const generated = defaultScenarios(company, input, defaults);
  const spreads = defaultSpreads(input);
  const base = generated.scenarios.find((scenario) => scenario.id.endsWith(':base')) ?? generated.scenarios[0];
  if (!base) throw new ValuationError('NO_HISTORY', 'statements');
  const analysis = uncertaintyOf({
    base: defaults.inputs,
    scenarios: generated.scenarios,
    centre: base.inputs,
    settings: { draws: options.draws ?? DEFAULT_DRAWS, seed: options.seed ?? DEFAULT_SEED, spreads: spreads.spreads },
    price: options.price,
  });
  return { analysis, generated, spreads };
}
