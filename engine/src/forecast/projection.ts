import { ValuationError } from '../errors.ts';
import {
  emptyRow,
  type FinancialYearRow,
  freeCashFlow,
  WORKING_CAPITAL_KEY_PAIRS,
  workingCapitalTotals,
} from '../history/financial-row.ts';
import { WORKING_CAPITAL_ASSETS } from '../statements/items.ts';
import type { Drivers, YearDrivers } from './drivers.ts';

/** A forecast year: the spec's row, with the source of every driver. */
export type ForecastRow = FinancialYearRow & {
  readonly sources: YearDrivers['sources'];
};

/** Operating working capital (assets − liabilities) at a revenue and the drivers' ratios. */
function workingCapitalAt(revenue: number, drivers: Drivers): number {
  let net = 0;
  for (const [index, [, ratioKey]] of WORKING_CAPITAL_KEY_PAIRS.entries()) {
    net += (index < WORKING_CAPITAL_ASSETS.length ? 1 : -1) * revenue * drivers[ratioKey];
  }
  return net;
}

/** Each working-capital item = revenue × its ratio; field by field, as this is the model's hot loop. */
function setWorkingCapital(row: FinancialYearRow, revenue: number, values: Drivers): void {
  row.Notes_Receivable_Ratio = values.Notes_Receivable_Ratio;
  row.Notes_Receivable = revenue * values.Notes_Receivable_Ratio;
  row.Accounts_Receivable_Ratio = values.Accounts_Receivable_Ratio;
  row.Accounts_Receivable = revenue * values.Accounts_Receivable_Ratio;
  row.Prepayments_Ratio = values.Prepayments_Ratio;
  row.Prepayments = revenue * values.Prepayments_Ratio;
  row.Inventories_Ratio = values.Inventories_Ratio;
  row.Inventories = revenue * values.Inventories_Ratio;
  row.Other_Receivables_Ratio = values.Other_Receivables_Ratio;
  row.Other_Receivables = revenue * values.Other_Receivables_Ratio;
  row.Contract_Assets_Ratio = values.Contract_Assets_Ratio;
  row.Contract_Assets = revenue * values.Contract_Assets_Ratio;
  row.Notes_Payable_Ratio = values.Notes_Payable_Ratio;
  row.Notes_Payable = revenue * values.Notes_Payable_Ratio;
  row.Accounts_Payable_Ratio = values.Accounts_Payable_Ratio;
  row.Accounts_Payable = revenue * values.Accounts_Payable_Ratio;
  row.Advances_From_Customers_Ratio = values.Advances_From_Customers_Ratio;
  row.Advances_From_Customers = revenue * values.Advances_From_Customers_Ratio;
  row.Contract_Liabilities_Ratio = values.Contract_Liabilities_Ratio;
  row.Contract_Liabilities = revenue * values.Contract_Liabilities_Ratio;
  row.Employee_Benefits_Payable_Ratio = values.Employee_Benefits_Payable_Ratio;
  row.Employee_Benefits_Payable = revenue * values.Employee_Benefits_Payable_Ratio;
  row.Taxes_Payable_Ratio = values.Taxes_Payable_Ratio;
  row.Taxes_Payable = revenue * values.Taxes_Payable_Ratio;
}

/**
 * Projects the forecast years from the latest historical year:
 * revenueₜ = revenueₜ₋₁ × (1 + growthₜ); each cost and expense = revenue × its ratio;
 * EBIT = revenue − cost − taxes and surcharges − selling − management − R&D; NOPAT = EBIT × (1 − tax rate);
 * D&A = revenue × D&A ratio; each working-capital item = revenue × its ratio, ΔOWC = OWCₜ − OWCₜ₋₁;
 * capex = revenue × capex ratio; FCF = NOPAT + D&A − ΔOWC − capex.
 * When the last historical year has no working-capital lines (summary only), the opening OWC is taken at
 * the first forecast year's ratios, so ΔOWC reflects growth and not a change of method.
 */
export function projectForecast(last: FinancialYearRow, years: readonly YearDrivers[]): ForecastRow[] {
  if (last.operating_revenue === null) throw new ValuationError('NO_REVENUE', 'operating_revenue');
  let revenue = last.operating_revenue;
  const firstDrivers = years[0]?.values;
  let previousWorkingCapital =
    last.Operating_Working_Capital ?? (firstDrivers ? workingCapitalAt(revenue, firstDrivers) : 0);

  const rows: ForecastRow[] = [];
  for (const { year, values, sources } of years) {
    revenue = revenue * (1 + values.operating_revenue_yoy);
    const row = emptyRow(year, last.basis) as FinancialYearRow & { sources: YearDrivers['sources'] };
    setWorkingCapital(row, revenue, values);
    const totals = workingCapitalTotals(row);
    const net = totals.net ?? 0;
    const change = net - previousWorkingCapital;
    previousWorkingCapital = net;

    const cost = revenue * values.operating_cost_pct;
    const taxes = revenue * values.tax_expenses_pct;
    const selling = revenue * values.selling_expenses_pct;
    const management = revenue * values.management_expenses_pct;
    const research = revenue * values.r_and_d_expenses_pct;
    const ebit = revenue - cost - taxes - selling - management - research;
    const nopat = ebit * (1 - values.income_tax_to_total_profit);
    const da = revenue * values.da_ratio;
    const capex = revenue * values.Capex_to_Revenue_Ratio;

    row.operating_revenue = revenue;
    row.operating_revenue_yoy = values.operating_revenue_yoy;
    row.operating_cost = cost;
    row.operating_cost_pct = values.operating_cost_pct;
    row.tax_expenses = taxes;
    row.tax_expenses_pct = values.tax_expenses_pct;
    row.selling_expenses = selling;
    row.selling_expenses_pct = values.selling_expenses_pct;
    row.management_expenses = management;
    row.management_expenses_pct = values.management_expenses_pct;
    row.r_and_d_expenses = research;
    row.r_and_d_expenses_pct = values.r_and_d_expenses_pct;
    row.ebit = ebit;
    row.income_tax_to_total_profit = values.income_tax_to_total_profit;
    row.nopat = nopat;
    row.depreciation_and_amortization = da;
    row.da_ratio = values.da_ratio;
    row.noncash_cost = da;
    row.Operating_Current_Assets_Total = totals.assets;
    row.Operating_Current_Liabilities_Total = totals.liabilities;
    row.Operating_Working_Capital = net;
    row.Change_In_Operating_WC = change;
    row.Cash_Paid_For_Acquisition_Assets = capex;
    row.Capital_Expenditure = capex;
    row.Capex_to_Revenue_Ratio = values.Capex_to_Revenue_Ratio;
    row.FCFF = freeCashFlow(nopat, da, change, capex);
    row.sources = sources;
    rows.push(row);
  }
  return rows;
}
