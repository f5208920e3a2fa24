import type { FinancialYearRow } from '../history/financial-row.ts';

/** How many of the latest historical years the auto drivers read. */
export const AUTO_DRIVER_WINDOW = 3;
/**
 * The window of a cyclical company (cyclical-industries.ts): long enough to hold a whole commodity cycle
 * whatever the phase of the latest year (China's recent ones: 2009 trough, 2011 peak, 2015–16 trough,
 * 2017–18 peak), so the normal level is not one phase's.
 */
export const CYCLICAL_DRIVER_WINDOW = 8;

/**
 * A year whose operating result exceeds its revenue in either direction (|EBIT| > revenue): a shell year,
 * a reverse merger, a company restarting from almost no sales. Its ratios and its growth say nothing about
 * a going business, so the drivers leave it out.
 */
export function isShellYear(row: FinancialYearRow): boolean {
  const revenue = row.operating_revenue;
  return row.ebit !== null && revenue !== null && revenue > 0 && Math.abs(row.ebit) > revenue;
}

/** A year's revenue below this share of the company's usual revenue is near zero (negligibleRevenueYears). */
export const NEGLIGIBLE_REVENUE_SHARE = 0.05;

/**
 * The years whose revenue is near zero: below 5% of the larger of the company's median revenue over its
 * reported years and its latest year's (a company that has only just started selling is measured against what
 * it sells now). A ratio to such a revenue (a cost 1,464 times revenue in a year of 70 万元 of sales) says
 * nothing of the business, so no driver reads it.
 */
export function negligibleRevenueYears(history: readonly FinancialYearRow[]): ReadonlySet<number> {
  const revenues = history.map((row) => row.operating_revenue).filter((revenue): revenue is number => revenue !== null);
  const latest = revenues.at(-1);
  if (latest === undefined) return new Set();
  const floor = NEGLIGIBLE_REVENUE_SHARE * Math.max(medianOf(revenues), latest);
  return new Set(
    history.filter((row) => row.operating_revenue !== null && row.operating_revenue < floor).map((row) => row.year),
  );
}

/** The latest `size` history rows (fewer when the history is shorter). */
export function latestRows<T>(rows: readonly T[], size: number): readonly T[] {
  return rows.slice(Math.max(0, rows.length - size));
}

/** A driver's history: its normal level, the latest year's value, and the years each rests on. */
export interface RatioHistory {
  /**
   * The median over the usable years of the window (one odd year does not move it); null when none has a
   * value.
   */
  readonly normal: number | null;
  /** The years averaged. */
  readonly years: number[];
  /** Years of the window left out because their statements do not report the driver's line family. */
  readonly skipped: number[];
  /** Shell years of the window left out (isShellYear). */
  readonly shells: number[];
  /** Years of near-zero revenue left out (negligibleRevenueYears). */
  readonly negligible: number[];
  /** The latest year's value, when that year is usable and has one; else null (the forecast starts at normal). */
  readonly latest: number | null;
}

/**
 * One driver's history over `rows` (the window, oldest first). `reports(index)` says whether row `index`
 * reports the driver's lines (a working-capital family; always true for the others); `pick` reads it.
 */
export function ratioHistory(
  rows: readonly FinancialYearRow[],
  pick: (row: FinancialYearRow) => number | null,
  reports: (index: number) => boolean = () => true,
  negligibleYears: ReadonlySet<number> = new Set(),
): RatioHistory {
  const years: number[] = [];
  const skipped: number[] = [];
  const shells: number[] = [];
  const negligible: number[] = [];
  let latest: number | null = null;
  const values: number[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as FinancialYearRow;
    if (isShellYear(row)) {
      shells.push(row.year);
      continue;
    }
    if (negligibleYears.has(row.year)) {
      negligible.push(row.year);
      continue;
    }
    if (!reports(index)) {
      if (row.basis === 'statements') skipped.push(row.year);
      continue;
    }
    const value = pick(row);
    if (value !== null && Number.isFinite(value)) {
      values.push(value);
      years.push(row.year);
      if (index === rows.length - 1) latest = value;
    }
  }
  return { normal: values.length > 0 ? medianOf(values) : null, years, skipped, shells, negligible, latest };
}

/** The median of a non-empty list. */
export function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The year-on-year revenue growths of the window's years, each against the calendar year before (a row's
 * own `operating_revenue_yoy`), leaving out a growth into or out of a shell year or a year of near-zero revenue.
 */
export function usableGrowths(
  history: readonly FinancialYearRow[],
  size: number,
  negligibleYears: ReadonlySet<number> = new Set(),
): { readonly growths: number[]; readonly years: number[] } {
  const growths: number[] = [];
  const years: number[] = [];
  for (let index = Math.max(1, history.length - size); index < history.length; index++) {
    const row = history[index] as FinancialYearRow;
    const previous = history[index - 1] as FinancialYearRow;
    const growth = row.operating_revenue_yoy;
    if (growth === null || !Number.isFinite(growth) || previous.year !== row.year - 1) continue;
    if (isShellYear(row) || isShellYear(previous)) continue;
    if (negligibleYears.has(row.year) || negligibleYears.has(previous.year)) continue;
    growths.push(growth);
    years.push(row.year);
  }
  return { growths, years };
}
