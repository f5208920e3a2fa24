import { WORKING_CAPITAL_ITEMS, type WorkingCapitalItem } from '../statements/items.ts';

export type WorkingCapitalRatioKey = `${WorkingCapitalItem}_Ratio`;

export const WORKING_CAPITAL_RATIO_KEYS = WORKING_CAPITAL_ITEMS.map(
  (item) => `${item}_Ratio` as WorkingCapitalRatioKey,
) as readonly WorkingCapitalRatioKey[];

/** Each working-capital item with its ratio key, built once (hot loops must not build strings). */
export const WORKING_CAPITAL_KEY_PAIRS = WORKING_CAPITAL_ITEMS.map(
  (item, index) => [item, WORKING_CAPITAL_RATIO_KEYS[index] as WorkingCapitalRatioKey] as const,
);

/**
 * How a year's figures were obtained. 'statements': the three statements; 'summary': only the financial
 * summary (主要财务指标), so EBIT is approximated by operating profit less investment and fair-value
 * income, and D&A, capex and working capital are unknown.
 */
export type RowBasis = 'statements' | 'summary';

/**
 * The "financial year row" (docs/requirements.md#financial-year-row), for a historical or a forecast year.
 * Amounts in 亿元, ratios as fractions; null = not available. The API answers the field names as they are.
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
  /** 资产减值损失 + 信用减值损失 (a loss positive): an operating cost. */
  impairment_losses: number | null;
  impairment_losses_pct: number | null;
  /** 其他收益 (grants and the like), as reported. */
  other_income: number | null;
  /** The operating part of 其他收益 / revenue: all of it, or 0 where an admin marks it non-operating. */
  other_income_pct: number | null;
  ebit: number | null;
  income_tax_to_total_profit: number | null;
  /** The rate NOPAT was taxed at: the effective one, 25% when unknown, the normal one in a year of one-offs. */
  nopat_tax_rate: number | null;
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
  /** Revenue / operating long-term assets (固定资产 + 在建工程 + 无形资产 + 使用权资产) at the year's end. */
  sales_to_capital: number | null;
  FCFF: number | null;
} & Record<WorkingCapitalItem, number | null> &
  Record<WorkingCapitalRatioKey, number | null>;

/**
 * A row with every field present (null), always created in the same order: V8 then gives all rows one
 * hidden class and fast property access, which the model's hot path depends on.
 */
export function emptyRow(year: number, basis: RowBasis): FinancialYearRow {
  return {
    year,
    basis,
    operating_revenue: null,
    operating_revenue_yoy: null,
    operating_cost: null,
    operating_cost_pct: null,
    tax_expenses: null,
    tax_expenses_pct: null,
    selling_expenses: null,
    selling_expenses_pct: null,
    management_expenses: null,
    management_expenses_pct: null,
    r_and_d_expenses: null,
    r_and_d_expenses_pct: null,
    impairment_losses: null,
    impairment_losses_pct: null,
    other_income: null,
    other_income_pct: null,
    ebit: null,
    income_tax_to_total_profit: null,
    nopat_tax_rate: null,
    nopat: null,
    depreciation_and_amortization: null,
    da_ratio: null,
    noncash_cost: null,
    Notes_Receivable: null,
    Notes_Receivable_Ratio: null,
    Accounts_Receivable: null,
    Accounts_Receivable_Ratio: null,
    Prepayments: null,
    Prepayments_Ratio: null,
    Inventories: null,
    Inventories_Ratio: null,
    Other_Receivables: null,
    Other_Receivables_Ratio: null,
    Contract_Assets: null,
    Contract_Assets_Ratio: null,
    Notes_Payable: null,
    Notes_Payable_Ratio: null,
    Accounts_Payable: null,
    Accounts_Payable_Ratio: null,
    Advances_From_Customers: null,
    Advances_From_Customers_Ratio: null,
    Contract_Liabilities: null,
    Contract_Liabilities_Ratio: null,
    Employee_Benefits_Payable: null,
    Employee_Benefits_Payable_Ratio: null,
    Taxes_Payable: null,
    Taxes_Payable_Ratio: null,
    Operating_Current_Assets_Total: null,
    Operating_Current_Liabilities_Total: null,
    Operating_Working_Capital: null,
    Change_In_Operating_WC: null,
    Cash_Paid_For_Acquisition_Assets: null,
    Capital_Expenditure: null,
    Capex_to_Revenue_Ratio: null,
    sales_to_capital: null,
    FCFF: null,
  };
}

export function ratio(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  return numerator / denominator;
}

/**
 * Operating current assets, liabilities and their difference, from the twelve items (null when none is
 * known). Written out field by field: this runs for every row of every valuation.
 */
export function workingCapitalTotals(row: Record<WorkingCapitalItem, number | null>): {
  assets: number | null;
  liabilities: number | null;
  net: number | null;
} {
  const assets = sumOfKnown(
    row.Notes_Receivable,
    row.Accounts_Receivable,
    row.Prepayments,
    row.Inventories,
    row.Other_Receivables,
    row.Contract_Assets,
  );
  const liabilities = sumOfKnown(
    row.Notes_Payable,
    row.Accounts_Payable,
    row.Advances_From_Customers,
    row.Contract_Liabilities,
    row.Employee_Benefits_Payable,
    row.Taxes_Payable,
  );
  if (assets === null && liabilities === null) return { assets: null, liabilities: null, net: null };
  const knownAssets = assets ?? 0;
  const knownLiabilities = liabilities ?? 0;
  return { assets: knownAssets, liabilities: knownLiabilities, net: knownAssets - knownLiabilities };
}

/** The known amounts added to 0 in order, or null when none is known (six parameters: no array per row). */
function sumOfKnown(
  a: number | null,
  b: number | null,
  c: number | null,
  d: number | null,
  e: number | null,
  f: number | null,
): number | null {
  if (a === null && b === null && c === null && d === null && e === null && f === null) return null;
  let total = 0;
  if (a !== null) total += a;
  if (b !== null) total += b;
  if (c !== null) total += c;
  if (d !== null) total += d;
  if (e !== null) total += e;
  if (f !== null) total += f;
  return total;
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
