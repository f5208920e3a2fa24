/**
 * Percentiles and the histogram of a simulation's values (docs/model.md, uncertainty). Values sorted
 * ascending; the percentile interpolates linearly between the two nearest ranks (Hyndman and Fan's type 7,
 * the default of R and of spreadsheets' PERCENTILE.INC), so the xlsx's formula gives the same figure.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  return percentileOf(sorted.length, p, (rank) => sorted[rank]);
}

/**
 * The same percentile of `n` values from their order statistics alone: `ordered(k)` is the k-th smallest
 * (0-based). Only the two ranks it lies between are asked for.
 */
export function percentileOf(n: number, p: number, ordered: (rank: number) => number | undefined): number {
  if (n === 0) return Number.NaN;
  const rank = (n - 1) * p;
  const low = Math.floor(rank);
  const high = Math.min(n - 1, low + 1);
  const lowValue = ordered(low) ?? Number.NaN;
  return lowValue + ((ordered(high) ?? lowValue) - lowValue) * (rank - low);
}

/** The share of values strictly above `threshold`. */
export function shareAbove(sorted: ArrayLike<number>, threshold: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  // Binary search for the first value above the threshold.
  let low = 0;
  let high = n;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) > threshold) high = middle;
    else low = middle + 1;
  }
  return (n - low) / n;
}

export interface Histogram {
  /** bins + 1 edges, ascending. */
  readonly edges: readonly number[];
  readonly counts: readonly number[];
}

/** The bins a histogram has, and the tails it folds into its end bins (below P1, above P99). */
export const HISTOGRAM_BINS = 40;
export const HISTOGRAM_TAIL = 0.01;

/**
 * Equal-width bins from P1 to P99; the values beyond fall into the first and last bin, so a few wild draws do
 * not squeeze the rest into one bar.
 */
export function histogramOf(sorted: ArrayLike<number>, bins = HISTOGRAM_BINS): Histogram {
  const n = sorted.length;
  if (n === 0) return { edges: [], counts: [] };
  let low = percentile(sorted, HISTOGRAM_TAIL);
  let high = percentile(sorted, 1 - HISTOGRAM_TAIL);
  if (!(high > low)) {
    low -= 0.5;
    high += 0.5;
  }
  const width = (high - low) / bins;
  const edges = Array.from({ length: bins + 1 }, (_, index) => low + index * width);
  const counts = new Array<number>(bins).fill(0);
  for (let index = 0; index < n; index++) {
    const bin = Math.min(bins - 1, Math.max(0, Math.floor(((sorted[index] ?? low) - low) / width)));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  return { edges, counts };
}
