/**
 * The uncertainty rating and the verdict (docs/model.md, uncertainty). The margins are Morningstar's
 * published discounts to fair value a stock must reach for 5 stars at each fair-value uncertainty level
 * (Morningstar Equity Research Methodology: Low 20%, Medium 30%, High 40%, Very High 50%; the premiums for
 * 1 star are 25%, 35%, 55% and 75%). The rating is read from the simulation: the half-width of its 80%
 * range relative to its median, (P90 − P10) / (2 × P50), against the same figures (our choice): a rating
 * asks for a margin at least as wide as the value's own likely error.
 */
export type UncertaintyRating = '低' | '中' | '高' | '极高';
export type Verdict = '低估' | '合理' | '高估';

export interface RatingRow {
  readonly rating: UncertaintyRating;
  /** Morningstar's name of the level. */
  readonly morningstar: string;
  /** The largest relative half-width of the 80% range this rating covers. */
  readonly maxSpread: number;
  /** The margin of safety required before calling the stock cheap (or dear). */
  readonly margin: number;
  /** Morningstar's premium for 1 star, shown beside it. */
  readonly premium: number;
}

export const UNCERTAINTY_RATINGS: readonly RatingRow[] = [
  { rating: '低', morningstar: 'Low', maxSpread: 0.2, margin: 0.2, premium: 0.25 },
  { rating: '中', morningstar: 'Medium', maxSpread: 0.3, margin: 0.3, premium: 0.35 },
  { rating: '高', morningstar: 'High', maxSpread: 0.4, margin: 0.4, premium: 0.55 },
  { rating: '极高', morningstar: 'Very High', maxSpread: Number.POSITIVE_INFINITY, margin: 0.5, premium: 0.75 },
];

export const RATING_SOURCE =
  'Morningstar 股票研究方法（Equity Research Methodology）：公允价值不确定性评级对应的五星折价 — 低 20%、中 30%、高 40%、很高 50%';

/** The relative half-width of the 80% range; +∞ when the median is not positive. */
export function relativeSpread(p10: number, p50: number, p90: number): number {
  return p50 > 0 ? (p90 - p10) / (2 * p50) : Number.POSITIVE_INFINITY;
}

export function ratingOf(spread: number): RatingRow {
  const last = UNCERTAINTY_RATINGS[UNCERTAINTY_RATINGS.length - 1] as RatingRow;
  return UNCERTAINTY_RATINGS.find((row) => spread <= row.maxSpread) ?? last;
}

/** 低估 below value × (1 − margin), 高估 above value × (1 + margin), else 合理; null without a price or a value. */
export function verdictOf(price: number | null, value: number | null, margin: number): Verdict | null {
  if (price === null || value === null || !(price > 0) || !(value > 0)) return null;
  if (price < value * (1 - margin)) return '低估';
  if (price > value * (1 + margin)) return '高估';
  return '合理';
}
