/**
 * The track record's arithmetic (docs/backtest.md, "Method"): the counting rule, the error of one forecast,
 * the baselines and the statistics that summarise them. Pure functions, no I/O.
 */

/** A company's reported figure by fiscal year (亿元); an absent year was not reported. */
export type YearSeries = ReadonlyMap<number, number>;

/** The forecast horizons measured, in years after the base year. */
export const HORIZONS = [1, 3] as const;
export type Horizon = (typeof HORIZONS)[number];

/** The span of the drift baseline's growth: x_t ÷ x_{t−3}. */
export const DRIFT_SPAN = 3;

/** |forecast − actual| ÷ |actual|; null when the actual is 0 or either figure is not a number. */
export function absolutePercentageError(forecast: number, actual: number): number | null {
  if (!Number.isFinite(forecast) || !Number.isFinite(actual) || actual === 0) return null;
  return Math.abs(forecast - actual) / Math.abs(actual);
}

/**
 * The counting rule: a company-year counts at horizon h when the figure is reported at the base year t and
 * at t + h, and the latter is not 0. Returns the two figures, or null when it does not count.
 */
export function countedPair(
  series: YearSeries,
  baseYear: number,
  horizon: number,
): { base: number; actual: number } | null {
  const base = series.get(baseYear);
  const actual = series.get(baseYear + horizon);
  if (base === undefined || actual === undefined) return null;
  if (!Number.isFinite(base) || !Number.isFinite(actual) || actual === 0) return null;
  return { base, actual };
}

/** The random walk: the figure stays where it was at the base year. */
export function randomWalkForecast(base: number): number {
  return base;
}

/**
 * The random walk with drift: x_t × (x_t ÷ x_{t−3})^{h/3} when x_t and x_{t−3} are both reported and
 * positive, else x_t (the random walk).
 */
export function driftForecast(base: number, threeYearsBefore: number | undefined, horizon: number): number {
  if (threeYearsBefore === undefined || !(base > 0) || !(threeYearsBefore > 0)) return base;
  return base * (base / threeYearsBefore) ** (horizon / DRIFT_SPAN);
}

/**
 * The q-quantile (0…1) of the values, interpolated linearly between the two nearest ranks (so the median of
 * an even count is the mean of the middle two); null for no values.
 */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * Math.min(1, Math.max(0, q));
  const below = Math.floor(position);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (position - below);
}

export function median(values: readonly number[]): number | null {
  return quantile(values, 0.5);
}

/** Errors this close are the same forecast computed two ways (the engine's t+1 revenue is the drift's). */
export const TIE_TOLERANCE = 1e-9;

/** How often the first error of each pair is strictly smaller (wins) or the same (ties); null for no pairs. */
export function winShares(pairs: readonly (readonly [number, number])[]): { wins: number; ties: number } | null {
  if (pairs.length === 0) return null;
  let wins = 0;
  let ties = 0;
  for (const [model, baseline] of pairs) {
    if (Math.abs(model - baseline) <= TIE_TOLERANCE) ties++;
    else if (model < baseline) wins++;
  }
  return { wins: wins / pairs.length, ties: ties / pairs.length };
}
