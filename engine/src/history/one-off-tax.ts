import type { CompanyStatements } from '../statements/items.ts';
import type { FinancialYearRow } from './financial-row.ts';

/**
 * Effective tax rates that say something about the rate on operations: a rate above 50% (a loss-making
 * subsidiary, a one-off write-down of deferred tax) does not, nor does a negative one.
 */
export const FORECAST_TAX_RATE_RANGE = [0, 0.5] as const;

/**
 * A year whose effective rate is a year of one-offs: its profit outside the operating result (investment
 * income, often tax-exempt from associates; fair-value changes; non-operating gains and losses) is more than
 * half its total profit, so tax / total profit says little about the tax on operations.
 */
export const ONE_OFF_SHARE = 0.5;

/** The statutory PRC rate (企业所得税法 art. 4): NOPAT's rate where a year's is unknown. */
export const DEFAULT_TAX_RATE = 0.25;

/**
 * Per history year with a positive total profit, the share of it outside the operating result before
 * financing: |total profit − (EBIT − financial expenses)| / total profit (investment and fair-value income,
 * non-operating gains and losses).
 */
export function oneOffSharesOf(
  statements: CompanyStatements,
  history: readonly FinancialYearRow[],
): Map<number, number> {
  const shares = new Map<number, number>();
  for (const row of history) {
    const year = statements.years[row.year];
    const totalProfit = year?.total_profit;
    if (row.ebit === null || totalProfit === undefined || !Number.isFinite(totalProfit) || totalProfit <= 0) continue;
    const financial = year?.financial_expenses;
    const operating = row.ebit - (financial !== undefined && Number.isFinite(financial) ? financial : 0);
    shares.set(row.year, Math.abs(totalProfit - operating) / totalProfit);
  }
  return shares;
}

/** The effective rate of a row when it says something about the tax on operations (see above), else null. */
export function usableTaxRate(row: FinancialYearRow, oneOffs: ReadonlyMap<number, number>): number | null {
  const rate = row.income_tax_to_total_profit;
  const [low, high] = FORECAST_TAX_RATE_RANGE;
  if (rate === null || rate < low || rate > high) return null;
  const share = oneOffs.get(row.year);
  return share !== undefined && share > ONE_OFF_SHARE ? null : rate;
}

/**
 * NOPAT of a year of large one-offs at the company's normal rate (docs/model.md §2): where a year's effective
 * rate is known but not usable (one-offs above half the profit, or a rate above 50%), its NOPAT = EBIT × (1 −
 * the mean usable rate of the history; 25% with fewer than two such years), so a write-down that inflated the
 * rate, or tax-exempt income that deflated it, does not move the return on operations. Sets `nopat_tax_rate`
 * on every row; returns the years it normalised.
 */
export function normaliseOneOffTax(
  rows: FinancialYearRow[],
  statements: CompanyStatements,
  recompute: (row: FinancialYearRow) => void,
): number[] {
  const oneOffs = oneOffSharesOf(statements, rows);
  const usable: number[] = [];
  for (const row of rows) {
    const rate = usableTaxRate(row, oneOffs);
    if (rate !== null) usable.push(rate);
  }
  const normal = usable.length >= 2 ? usable.reduce((sum, rate) => sum + rate, 0) / usable.length : DEFAULT_TAX_RATE;
  const normalised: number[] = [];
  for (const row of rows) {
    const effective = row.income_tax_to_total_profit;
    if (effective === null || row.ebit === null || usableTaxRate(row, oneOffs) !== null) {
      row.nopat_tax_rate = row.ebit === null ? null : (effective ?? DEFAULT_TAX_RATE);
      continue;
    }
    row.nopat_tax_rate = normal;
    row.nopat = row.ebit * (1 - normal);
    recompute(row);
    normalised.push(row.year);
  }
  return normalised;
}
