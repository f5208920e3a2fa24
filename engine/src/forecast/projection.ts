import { ValuationError } from '../errors.ts';
import { emptyRow, type FinancialYearRow, WORKING_CAPITAL_KEY_PAIRS } from '../history/financial-row.ts';
import { WORKING_CAPITAL_ASSETS } from '../statements/items.ts';
import type { Drivers, YearDrivers } from './drivers.ts';

/** A forecast year: a financial-year row, with the source of every driver. */
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

/** One forecast year's figures, as the projection computes them (亿元). */
export interface ProjectedYear {
  revenue: number;
  cost: number;
  taxes: number;
  selling: number;
  management: number;
  research: number;
  impairments: number;
  otherIncome: number;
  ebit: number;
  nopat: number;
  da: number;
  capex: number;
  workingCapitalAssets: number;
  workingCapitalLiabilities: number;
  workingCapital: number;
  workingCapitalChange: number;
  fcf: number;
  /** Operating losses still carried at the end of the year (亿元, ≥ 0), for the next year's tax. */
  lossCarried: number;
}

/** A reusable year, so a caller that needs only the FCF (the sensitivity grid) allocates nothing per year. */
export function emptyProjectedYear(): ProjectedYear {
  return {
    revenue: 0,
    cost: 0,
    taxes: 0,
    selling: 0,
    management: 0,
    research: 0,
    impairments: 0,
    otherIncome: 0,
    ebit: 0,
    nopat: 0,
    da: 0,
    capex: 0,
    workingCapitalAssets: 0,
    workingCapitalLiabilities: 0,
    workingCapital: 0,
    workingCapitalChange: 0,
    fcf: 0,
    lossCarried: 0,
  };
}

/**
 * The forecast's formulas for one year, written into `out`: revenueₜ = revenueₜ₋₁ × (1 + growthₜ); each
 * cost and expense = revenue × its ratio; EBIT = revenue − cost − taxes and surcharges − selling −
 * management − R&D − impairment losses + other income; NOPAT = EBIT − tax rate × the profit left after the losses carried (a loss pays no
 * tax and is carried); D&A and capex = revenue × their ratios; each working-capital item = revenue × its
 * ratio, ΔOWC = OWCₜ − OWCₜ₋₁; FCF = NOPAT + D&A − ΔOWC − capex. `growth` replaces the drivers' revenue
 * growth (the sensitivity grid's other terminal growths); `lossCarried` is what the year before left.
 */
export function projectYear(
  previousRevenue: number,
  previousWorkingCapital: number,
  values: Drivers,
  out: ProjectedYear,
  growth: number = values.operating_revenue_yoy,
  lossCarried = 0,
): ProjectedYear {
  const revenue = previousRevenue * (1 + growth);
  // Summed item by item in the order of the twelve items, as workingCapitalTotals sums a row.
  const assets =
    revenue * values.Notes_Receivable_Ratio +
    revenue * values.Accounts_Receivable_Ratio +
    revenue * values.Prepayments_Ratio +
    revenue * values.Inventories_Ratio +
    revenue * values.Other_Receivables_Ratio +
    revenue * values.Contract_Assets_Ratio;
  const liabilities =
    revenue * values.Notes_Payable_Ratio +
    revenue * values.Accounts_Payable_Ratio +
    revenue * values.Advances_From_Customers_Ratio +
    revenue * values.Contract_Liabilities_Ratio +
    revenue * values.Employee_Benefits_Payable_Ratio +
    revenue * values.Taxes_Payable_Ratio;
  const workingCapital = assets - liabilities;
  const cost = revenue * values.operating_cost_pct;
  const taxes = revenue * values.tax_expenses_pct;
  const selling = revenue * values.selling_expenses_pct;
  const management = revenue * values.management_expenses_pct;
  const research = revenue * values.r_and_d_expenses_pct;
  const impairments = revenue * values.impairment_losses_pct;
  const otherIncome = revenue * values.other_income_pct;
  const ebit = revenue - cost - taxes - selling - management - research - impairments + otherIncome;
  const taxable = ebit > 0 ? Math.max(0, ebit - lossCarried) : 0;
  const nopat = ebit - taxable * values.income_tax_to_total_profit;
  const da = revenue * values.da_ratio;
  const capex = revenue * values.Capex_to_Revenue_Ratio;
  const workingCapitalChange = workingCapital - previousWorkingCapital;
  out.revenue = revenue;
  out.cost = cost;
  out.taxes = taxes;
  out.selling = selling;
  out.management = management;
  out.research = research;
  out.impairments = impairments;
  out.otherIncome = otherIncome;
  out.ebit = ebit;
  out.nopat = nopat;
  out.da = da;
  out.capex = capex;
  out.workingCapitalAssets = assets;
  out.workingCapitalLiabilities = liabilities;
  out.workingCapital = workingCapital;
  out.workingCapitalChange = workingCapitalChange;
  out.fcf = nopat + da - workingCapitalChange - capex;
  out.lossCarried = ebit > 0 ? Math.max(0, lossCarried - ebit) : lossCarried - ebit;
  return out;
}

/**
 * The OWC the first forecast year's ΔOWC starts from: `opening` when the caller knows it (the history's
 * base, see driverBase), else the latest year's; when that year has no working-capital lines (summary
 * only), OWC at the first forecast year's ratios, so ΔOWC reflects growth and not a change of method.
 */
export function openingWorkingCapitalOf(
  last: FinancialYearRow,
  firstDrivers: Drivers | undefined,
  opening?: number | null,
): number {
  if (last.operating_revenue === null) throw new ValuationError('NO_REVENUE', 'operating_revenue');
  return (
    opening ??
    last.Operating_Working_Capital ??
    (firstDrivers ? workingCapitalAt(last.operating_revenue, firstDrivers) : 0)
  );
}

/**
 * Projects the forecast years from the latest historical year with projectYear, into financial-year rows (each
 * with the source of every driver). `opening` is the OWC the first ΔOWC starts from (openingWorkingCapitalOf);
 * `openingLoss` the operating losses the history carries into the first year's tax.
 */
export function projectForecast(
  last: FinancialYearRow,
  years: readonly YearDrivers[],
  opening?: number | null,
  openingLoss = 0,
): ForecastRow[] {
  let previousWorkingCapital = openingWorkingCapitalOf(last, years[0]?.values, opening);
  let revenue = last.operating_revenue as number;
  const rows: ForecastRow[] = [];
  const projected = emptyProjectedYear();
  let lossCarried = openingLoss;
  for (const { year, values, sources } of years) {
    projectYear(revenue, previousWorkingCapital, values, projected, values.operating_revenue_yoy, lossCarried);
    lossCarried = projected.lossCarried;
    revenue = projected.revenue;
    previousWorkingCapital = projected.workingCapital;
    const row = emptyRow(year, last.basis) as FinancialYearRow & { sources: YearDrivers['sources'] };
    setWorkingCapital(row, revenue, values);
    row.operating_revenue = revenue;
    row.operating_revenue_yoy = values.operating_revenue_yoy;
    row.operating_cost = projected.cost;
    row.operating_cost_pct = values.operating_cost_pct;
    row.tax_expenses = projected.taxes;
    row.tax_expenses_pct = values.tax_expenses_pct;
    row.selling_expenses = projected.selling;
    row.selling_expenses_pct = values.selling_expenses_pct;
    row.management_expenses = projected.management;
    row.management_expenses_pct = values.management_expenses_pct;
    row.r_and_d_expenses = projected.research;
    row.r_and_d_expenses_pct = values.r_and_d_expenses_pct;
    row.impairment_losses = projected.impairments;
    row.impairment_losses_pct = values.impairment_losses_pct;
    row.other_income = projected.otherIncome;
    row.other_income_pct = values.other_income_pct;
    row.ebit = projected.ebit;
    row.income_tax_to_total_profit = values.income_tax_to_total_profit;
    row.nopat_tax_rate = values.income_tax_to_total_profit;
    row.nopat = projected.nopat;
    row.depreciation_and_amortization = projected.da;
    row.da_ratio = values.da_ratio;
    row.noncash_cost = projected.da;
    row.Operating_Current_Assets_Total = projected.workingCapitalAssets;
    row.Operating_Current_Liabilities_Total = projected.workingCapitalLiabilities;
    row.Operating_Working_Capital = projected.workingCapital;
    row.Change_In_Operating_WC = projected.workingCapitalChange;
    row.Cash_Paid_For_Acquisition_Assets = projected.capex;
    row.Capital_Expenditure = projected.capex;
    row.Capex_to_Revenue_Ratio = values.Capex_to_Revenue_Ratio;
    row.sales_to_capital = values.sales_to_capital;
    row.FCFF = projected.fcf;
    row.sources = sources;
    rows.push(row);
  }
  return rows;
}
