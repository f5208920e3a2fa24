import { ValuationError } from '../errors.ts';
import { type FinancialYearRow, freeCashFlow, workingCapitalTotals } from '../history/financial-row.ts';
import { WORKING_CAPITAL_ITEMS, type WorkingCapitalItem } from '../statements/items.ts';
import type { Drivers, YearDrivers } from './drivers.ts';

/** A forecast year: the spec's row, with the source of every driver. */
export type ForecastRow = FinancialYearRow & {
  readonly sources: YearDrivers['sources'];
};

function workingCapitalAt(revenue: number, drivers: Drivers): Record<WorkingCapitalItem, number> {
  const items = {} as Record<WorkingCapitalItem, number>;
  for (const item of WORKING_CAPITAL_ITEMS) items[item] = revenue * drivers[`${item}_Ratio`];
  return items;
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
    last.Operating_Working_Capital ??
    (firstDrivers ? (workingCapitalTotals(workingCapitalAt(revenue, firstDrivers)).net ?? 0) : 0);

  return years.map(({ year, values, sources }) => {
    revenue = revenue * (1 + values.operating_revenue_yoy);
    const cost = revenue * values.operating_cost_pct;
    const taxes = revenue * values.tax_expenses_pct;
    const selling = revenue * values.selling_expenses_pct;
    const management = revenue * values.management_expenses_pct;
    const research = revenue * values.r_and_d_expenses_pct;
    const ebit = revenue - cost - taxes - selling - management - research;
    const nopat = ebit * (1 - values.income_tax_to_total_profit);
    const da = revenue * values.da_ratio;
    const capex = revenue * values.Capex_to_Revenue_Ratio;
    const workingCapital = workingCapitalAt(revenue, values);
    const totals = workingCapitalTotals(workingCapital);
    const net = totals.net ?? 0;
    const change = net - previousWorkingCapital;
    previousWorkingCapital = net;

    const row = {
      year,
      basis: last.basis,
      sources,
      operating_revenue: revenue,
      operating_revenue_yoy: values.operating_revenue_yoy,
      operating_cost: cost,
      operating_cost_pct: values.operating_cost_pct,
      tax_expenses: taxes,
      tax_expenses_pct: values.tax_expenses_pct,
      selling_expenses: selling,
      selling_expenses_pct: values.selling_expenses_pct,
      management_expenses: management,
      management_expenses_pct: values.management_expenses_pct,
      r_and_d_expenses: research,
      r_and_d_expenses_pct: values.r_and_d_expenses_pct,
      ebit,
      income_tax_to_total_profit: values.income_tax_to_total_profit,
      nopat,
      depreciation_and_amortization: da,
      da_ratio: values.da_ratio,
      noncash_cost: da,
      Operating_Current_Assets_Total: totals.assets,
      Operating_Current_Liabilities_Total: totals.liabilities,
      Operating_Working_Capital: net,
      Change_In_Operating_WC: change,
      Cash_Paid_For_Acquisition_Assets: capex,
      Capital_Expenditure: capex,
      Capex_to_Revenue_Ratio: values.Capex_to_Revenue_Ratio,
      FCFF: freeCashFlow(nopat, da, change, capex),
    } as ForecastRow;
    const writable = row as Record<string, unknown>;
    for (const item of WORKING_CAPITAL_ITEMS) {
      writable[item] = workingCapital[item];
      writable[`${item}_Ratio`] = values[`${item}_Ratio`];
    }
    return row;
  });
}
