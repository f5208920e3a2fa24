import type { RangeInputs, RangeScenario } from '../uncertainty/range-model.ts';
import { type UncertaintyRating, type Verdict, verdictOf } from '../uncertainty/rating.ts';
import { DEFAULT_SEED, simulatedPercentiles } from '../uncertainty/simulation.ts';
import {
  baseScenarioOf,
  judge,
  rangeModelOf,
  rangeScenarioValue,
  uncertaintyStartOf,
  weightedValue,
} from '../uncertainty/uncertainty.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';

/**
 * A company's range as a valuation run stores it (docs/model.md, uncertainty: the stored verdict): the
 * uncertainty rating of the server's seeded simulation, the margin of safety that rating requires and the
 * scenario-weighted value; the verdict is that value against the latest price, so a new quote needs no new
 * simulation. The screener, the watchlist and the stored valuation read it.
 */
export interface StoredRange {
  readonly rating: UncertaintyRating;
  readonly required_margin: number;
  /** The scenarios' weighted value per share (元); null when a scenario was refused. */
  readonly weighted_value: number | null;
}

/**
 * The draws of the stored range: fewer than the report's 10,000 (same seed), so that valuing the market
 * stays cheap; the rating rests on P10 and P90, which 2,000 draws already place within a few per cent.
 */
export const STORED_RANGE_DRAWS = 2000;

/** The stored part of an uncertainty answer; null when the simulation gave no rating. */
export function storedRangeOf(view: {
  readonly rating: UncertaintyRating | null;
  readonly required_margin: number | null;
  readonly weighted_value: number | null;
}): StoredRange | null {
  if (view.rating === null || view.required_margin === null) return null;
  return { rating: view.rating, required_margin: view.required_margin, weighted_value: view.weighted_value };
}

/**
 * The range a valuation run stores for a company valued from `input`: what `storedRangeOf` takes from the
 * uncertainty answer at STORED_RANGE_DRAWS draws (the generated scenarios, their weighted value, the seeded
 * simulation around 基准 and its rating), without what only a page shows (the tornado, the histogram, the
 * words). `input` is the bundle's (`bundleInput`), so the server stores what the page computes. Throws the
 * engine's ValuationError where the company has no range.
 */
export function storedRangeFor(company: string, input: CompanyValuationInput): StoredRange | null {
  const start = uncertaintyStartOf(company, input);
  const model = rangeModelOf(start);
  const scenarios: readonly RangeScenario[] = start.scenarios;
  const spreads: RangeInputs = start.spreads.spreads;
  const weighted = weightedValue(scenarios.map((scenario) => rangeScenarioValue(model, scenario)));
  const centre = baseScenarioOf(scenarios).inputs;
  const settings = { draws: STORED_RANGE_DRAWS, seed: DEFAULT_SEED, spreads };
  const { rating } = judge(simulatedPercentiles(model, centre, settings), weighted, null);
  return rating ? { rating: rating.rating, required_margin: rating.margin, weighted_value: weighted } : null;
}

/** The verdict of a price against a stored range; null without a range, a price or a weighted value. */
export function storedVerdict(price: number | null, range: StoredRange | null | undefined): Verdict | null {
  return range ? verdictOf(price, range.weighted_value, range.required_margin) : null;
}
