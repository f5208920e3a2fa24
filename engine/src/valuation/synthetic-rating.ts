/**
 * The cost of debt from a synthetic rating (docs/model.md §6): interest coverage (EBIT ÷ interest) gives a
 * rating and its default spread over the risk-free rate. The table is Damodaran's for large non-financial
 * firms ("Ratings, Interest Coverage Ratios and Default Spread", Damodaran Online,
 * pages.stern.nyu.edu/~adamodar/New_Home_Page/datafile/ratings.htm; the version with AAA 0.45% … D 19.00%).
 * Each row: coverage from `min` (inclusive) upwards.
 */
export interface RatingBand {
  readonly min: number;
  readonly rating: string;
  readonly spread: number;
}

export const SYNTHETIC_RATING_SOURCE =
  'Damodaran, Ratings, Interest Coverage Ratios and Default Spread（大型非金融企业）';

export const SYNTHETIC_RATINGS: readonly RatingBand[] = [
  { min: 8.5, rating: 'AAA', spread: 0.0045 },
  { min: 6.5, rating: 'AA', spread: 0.006 },
  { min: 5.5, rating: 'A+', spread: 0.0077 },
  { min: 4.25, rating: 'A', spread: 0.0085 },
  { min: 3, rating: 'A-', spread: 0.0095 },
  { min: 2.5, rating: 'BBB', spread: 0.012 },
  { min: 2.25, rating: 'BB+', spread: 0.0155 },
  { min: 2, rating: 'BB', spread: 0.0183 },
  { min: 1.75, rating: 'B+', spread: 0.0261 },
  { min: 1.5, rating: 'B', spread: 0.03 },
  { min: 1.25, rating: 'B-', spread: 0.0442 },
  { min: 0.8, rating: 'CCC', spread: 0.0728 },
  { min: 0.65, rating: 'CC', spread: 0.101 },
  { min: 0.2, rating: 'C', spread: 0.155 },
  { min: Number.NEGATIVE_INFINITY, rating: 'D', spread: 0.19 },
];

export interface SyntheticRating {
  /** EBIT ÷ 财务费用; null when 财务费用 is not positive (net interest income: the best rating). */
  readonly coverage: number | null;
  readonly rating: string;
  readonly spread: number;
}

/**
 * The rating of a company with operating EBIT `ebit` and 财务费用 `interest`: by coverage, AAA when interest is
 * not positive (the company earns more interest than it pays), D when EBIT is not positive while it pays
 * interest. 财务费用 is interest net of interest income and without capitalised interest, so coverage reads
 * high for a cash-rich or a building company: said in docs/model.md.
 */
export function syntheticRating(ebit: number, interest: number): SyntheticRating {
  if (!(interest > 0)) return { coverage: null, ...bandOf(Number.POSITIVE_INFINITY) };
  const coverage = ebit / interest;
  return { coverage, ...bandOf(coverage) };
}

function bandOf(coverage: number): Omit<SyntheticRating, 'coverage'> {
  const band = SYNTHETIC_RATINGS.find((entry) => coverage >= entry.min) ?? (SYNTHETIC_RATINGS.at(-1) as RatingBand);
  return { rating: band.rating, spread: band.spread };
}
