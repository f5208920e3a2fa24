import { isValuationError } from '../errors.ts';
import type { UncertaintyRating, Verdict } from '../uncertainty/rating.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { uncertaintyView } from './uncertainty-view.ts';
import type { SummaryQuote } from './valuation-summary-view.ts';

/**
 * The range in one line, where a section shows the verdict beside other figures (估值与股息, the PDF, the
 * comparison): the server's default scenarios and seeded simulation (docs/model.md section 16).
 */
export interface RangeVerdict {
  readonly weighted_value: number | null;
  readonly p10: number | null;
  readonly p50: number | null;
  readonly p90: number | null;
  readonly draws: number;
  readonly rating: UncertaintyRating | null;
  readonly required_margin: number | null;
  readonly verdict: Verdict | null;
  readonly basis: string;
}

/** A rating as a screen names it: '不确定性中'. */
export function ratingText(rating: UncertaintyRating): string {
  return `不确定性${rating}`;
}

/** The verdict with its rating beside it: '合理（不确定性中）'; `none` where there is no verdict. */
export function ratedVerdictText(verdict: Verdict | null, rating: UncertaintyRating | null, none: string): string {
  return `${verdict ?? none}${rating ? `（${ratingText(rating)}）` : ''}`;
}

/** How a report or a comparison gets a company's range: drawn at once, or through a cache (cachedRangeOf). */
export type RangeOf = (bundle: CompanyBundle, quote: SummaryQuote | null, asOf: string | null) => RangeVerdict | null;

/** The company's range and verdict (by its model: the story model or excess returns); null where none is given (no model fits, no shares). */
export function rangeVerdictOf(
  bundle: CompanyBundle,
  quote: SummaryQuote | null,
  asOf: string | null,
): RangeVerdict | null {
  try {
    const view = uncertaintyView(bundle, quote, asOf);
    const { p10, p50, p90, draws } = view.simulation;
    return {
      weighted_value: view.weighted_value,
      p10,
      p50,
      p90,
      draws,
      rating: view.rating,
      required_margin: view.required_margin,
      verdict: view.verdict,
      basis: view.basis,
    };
  } catch (error) {
    if (isValuationError(error)) return null;
    throw error;
  }
}

/**
 * The range drawn once per bundle version, quote and day: the 10,000 draws are not drawn again when the same
 * company's report is rebuilt (a newer quote, a refresh) or it joins a comparison. The worker keeps one; the
 * most recent `limit` ranges are kept.
 */
export function cachedRangeOf(limit = 64): RangeOf {
  const kept = new Map<string, RangeVerdict | null>();
  return (bundle, quote, asOf) => {
    const key = JSON.stringify([bundle.company.code, bundle.version, quote, asOf]);
    const found = kept.get(key);
    if (found !== undefined) {
      // Most recently used last: the first key is the one to drop.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const range = rangeVerdictOf(bundle, quote, asOf);
    kept.set(key, range);
    if (kept.size > limit) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    return range;
  };
}
