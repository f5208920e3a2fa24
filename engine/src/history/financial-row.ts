import {
  WORKING_CAPITAL_ASSETS,
  WORKING_CAPITAL_ITEMS,
  WORKING_CAPITAL_LIABILITIES,
  type WorkingCapitalItem,
} from '../statements/items.ts';

export type WorkingCapitalRatioKey = `${WorkingCapitalItem}_Ratio`;

export const WORKING_CAPITAL_RATIO_KEYS = WORKING_CAPITAL_ITEMS.map(
  (item) => `${item}_Ratio` as WorkingCapitalRatioKey,
) as readonly WorkingCapitalRatioKey[];

/**
 * How a year's figures were obtained. 'statements': the three statements; 'summary': only the financial
 * summary (主要财务指标), so EBIT is approximated by operating profit less investment and fair-value
 * income, and D&A, capex and working capital are unknown.
 */
export type RowBasis = 'statements' | 'summary';

/**
 * The spec's "financial year row" (back-office §3), for a historical or a forecast year. Amounts in 亿元,
 * ratios as fractions; null = not available. Field names are the spec's, so the API answers them as is.
 */
export type FinancialYearRow = {
  year: number;
  basis: RowBasis;
  operating_revenue: number | null;
  operating_revenue_yoy: number | null;
  operating_cost: number | null;
  operating_cost_pct: number | null;
  tax_expenses: number | null;
  tax_expenses_pct: number | null;
  selling_expenses: number | null;
  selling_expenses_pct: number | null;
  management_expenses: number | null;
  management_expenses_pct: number | null;
  r_and_d_expenses: number | null;
  r_and_d_expenses_pct: number | null;
  ebit: number | null;
  income_tax_to_total_profit: number | null;
  nopat: number | null;
  depreciation_and_amortization: number | null;
  da_ratio: number | null;
  noncash_cost: number | null;
  Operating_Current_Assets_Total: number | null;
  Operating_Current_Liabilities_Total: number | null;
  Operating_Working_Capital: number | null;
  Change_In_Operating_WC: number | null;
  Cash_Paid_For_Acquisition_Assets: number | null;
  Capital_Expenditure: number | null;
  Capex_to_Revenue_Ratio: number | null;
  FCFF: number | null;
} & Record<WorkingCapitalItem, number | null> &
  Record<WorkingCapitalRatioKey, number | null>;

export function ratio(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  return numerator / denominator;
}

/** Operating current assets, liabilities and their difference, from the twelve items. */
export function workingCapitalTotals(row: Record<WorkingCapitalItem, number | null>): {
  assets: number | null;
  liabilities: number | null;
  net: number | null;
} {
  let assets = 0;
  let liabilities = 0;
  let any = false;
  for (const item of WORKING_CAPITAL_ASSETS) {
    const value = row[item];
    if (value !== null) {
      assets += value;
      any = true;
    }
  }
  for (const item of WORKING_CAPITAL_LIABILITIES) {
    const value = row[item];
    if (value !== null) {
      liabilities += value;
      any = true;
    }
  }
  return any ? { assets, liabilities, net: assets - liabilities } : { assets: null, liabilities: null, net: null };
}

/** FCF = NOPAT + non-cash cost − Δ operating working capital − capex; null when a part is unknown. */
export function freeCashFlow(
  nopat: number | null,
  noncashCost: number | null,
  workingCapitalChange: number | null,
  capex: number | null,
): number | null {
  if (nopat === null || noncashCost === null || workingCapitalChange === null || capex === null) return null;
  return nopat + noncashCost - workingCapitalChange - capex;
}
