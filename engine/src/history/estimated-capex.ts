import type { CompanyStatements, StatementYear } from '../statements/items.ts';

/**
 * D&A and capex of a year without a cash-flow statement, from the balance sheet (docs/model.md, history
 * rows): never 0, which would price growth as free. The depreciable base is 固定资产 + 无形资产 + 使用权资产
 * (在建工程 is not depreciated until it is finished); the operating long-term assets add 在建工程.
 *
 * - D&A = the depreciation rate × the depreciable base at the start of the year (the previous year-end;
 *   the year's own end when the previous one is not reported);
 * - capex = (operating long-term assets at the end − at the start) + D&A, at least 0: net PP&E moves by
 *   capex − depreciation (disposals, impairments and acquisitions are not told apart).
 */

/**
 * The depreciation rate when the company has no year to measure its own: straight-line over ten years. The
 * sample companies with both statements (`../shared/data/163/` and the three workbooks, 153 company-years)
 * depreciate a median 9.4% of their opening base a year (p25 7.4%, p75 14.7%).
 */
export const DEFAULT_DEPRECIATION_RATE = 0.1;

function finite(amount: number | undefined): number {
  return amount !== undefined && Number.isFinite(amount) ? amount : 0;
}

function reportsAny(year: StatementYear | undefined, items: readonly (keyof StatementYear)[]): boolean {
  return items.some((item) => {
    const value = year?.[item];
    return value !== undefined && Number.isFinite(value);
  });
}

const DEPRECIABLE = ['fixed_assets', 'intangible_assets', 'right_of_use_assets'] as const;

function depreciableBase(year: StatementYear | undefined): number {
  return finite(year?.fixed_assets) + finite(year?.intangible_assets) + finite(year?.right_of_use_assets);
}

function longTermAssets(year: StatementYear | undefined): number {
  return depreciableBase(year) + finite(year?.construction_in_progress);
}

/** The D&A of a year with a cash-flow statement, as the history rows read it. */
function reportedDa(year: StatementYear): number | null {
  if (year.depreciation_fixed_assets === undefined && year.amortization_intangible_assets === undefined) return null;
  return (
    finite(year.depreciation_fixed_assets) +
    finite(year.depreciation_right_of_use_assets) +
    finite(year.amortization_intangible_assets) +
    finite(year.amortization_long_term_prepaid)
  );
}

export interface DepreciationRate {
  readonly rate: number;
  /** The years of the company's own statements it was measured on; empty for the default. */
  readonly years: readonly number[];
}

/**
 * The company's own depreciation rate where some years have both statements (the median of D&A / the
 * opening depreciable base), else DEFAULT_DEPRECIATION_RATE.
 */
export function depreciationRateOf(statements: CompanyStatements): DepreciationRate {
  const rates: { year: number; rate: number }[] = [];
  for (const [key, year] of Object.entries(statements.years)) {
    const da = reportedDa(year);
    const base = depreciableBase(statements.years[Number(key) - 1]);
    if (da !== null && da > 0 && base > 0) rates.push({ year: Number(key), rate: da / base });
  }
  if (rates.length === 0) return { rate: DEFAULT_DEPRECIATION_RATE, years: [] };
  const sorted = rates.map(({ rate }) => rate).sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const rate =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return { rate, years: rates.map(({ year }) => year) };
}

/** The estimate of one year, or null when its balance sheet has no depreciable asset line. */
export function estimatedDaCapex(
  year: StatementYear,
  previous: StatementYear | undefined,
  rate: number,
): { readonly da: number; readonly capex: number } | null {
  if (!reportsAny(year, DEPRECIABLE)) return null;
  const opening = reportsAny(previous, DEPRECIABLE) ? previous : year;
  const da = rate * depreciableBase(opening);
  return { da, capex: Math.max(0, longTermAssets(year) - longTermAssets(opening) + da) };
}
