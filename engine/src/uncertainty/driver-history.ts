import { investedCapital } from '../history/analytics.ts';
import type { FinancialYearRow } from '../history/financial-row.ts';
import { statementAnalytics } from '../valuation/analytics-cache.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import { AUTO_DRIVER_RANGES } from '../valuation/parameter-rules.ts';
import { calculateWacc, WACC_ASSUMPTIONS } from '../valuation/wacc.ts';
import type { DriverName } from './scenarios.ts';

/**
 * What a company has shown of each scenario driver, year by year (docs/model.md, uncertainty): the latest
 * five reported years (the trailing twelve months counting as one). The terminal growth has no history.
 */
export const DRIVER_HISTORY_YEARS = 5;

export type HistoryDriver = Exclude<DriverName, 'terminal_growth'>;
export const HISTORY_DRIVERS: readonly HistoryDriver[] = [
  'revenue_growth',
  'target_margin',
  'sales_to_capital',
  'wacc',
  'tax_rate',
];

export interface DriverHistory {
  readonly years: readonly number[];
  readonly values: readonly number[];
}

/** The effective tax rates the forecast accepts (docs/model.md section 4: the range table's). */
const TAX_RANGE = AUTO_DRIVER_RANGES.income_tax_to_total_profit;

function series(rows: readonly FinancialYearRow[], pick: (row: FinancialYearRow) => number | null): DriverHistory {
  const years: number[] = [];
  const values: number[] = [];
  for (const row of rows) {
    const value = pick(row);
    if (value === null || !Number.isFinite(value)) continue;
    years.push(row.year);
    values.push(value);
  }
  return { years, values };
}

/** Each driver's history: growth, EBIT margin, revenue / invested capital, the calculated WACC, the tax rate. */
export function driverHistories(input: CompanyValuationInput): Readonly<Record<HistoryDriver, DriverHistory>> {
  const { statements, history, base } = statementAnalytics(input.statements, input.cache, input.industry ?? null, {
    otherIncomeOperating: input.choices?.other_income_operating,
  });
  const rows = history.slice(-DRIVER_HISTORY_YEARS);
  const assumptions = input.waccAssumptions ?? WACC_ASSUMPTIONS;
  const taxRate = base.end.income_tax_to_total_profit;
  return {
    revenue_growth: series(rows, (row) => row.operating_revenue_yoy),
    target_margin: series(rows, (row) =>
      row.ebit !== null && row.operating_revenue !== null && row.operating_revenue > 0
        ? row.ebit / row.operating_revenue
        : null,
    ),
    sales_to_capital: series(rows, (row) => {
      const capital = investedCapital(input.statements.years[row.year]);
      return capital !== null && capital > 0 && row.operating_revenue !== null ? row.operating_revenue / capital : null;
    }),
    wacc: series(rows, (row) => {
      const year = statements.years[row.year];
      // Each year's WACC at that year-end's risk-free rate, on book weights, its debt rated by that year's EBIT.
      return year ? calculateWacc(year, assumptions, { taxRate, asOf: `${row.year}-12-31`, ebit: row.ebit }) : null;
    }),
    tax_rate: series(rows, (row) => {
      const rate = row.income_tax_to_total_profit;
      return rate !== null && rate >= TAX_RANGE[0] && rate <= TAX_RANGE[1] ? rate : null;
    }),
  };
}

/** The lowest and highest value, with their years; null without any. */
export function historyRange(history: DriverHistory) {
  if (history.values.length === 0) return null;
  let low = 0;
  let high = 0;
  history.values.forEach((value, index) => {
    if (value < (history.values[low] ?? value)) low = index;
    if (value > (history.values[high] ?? value)) high = index;
  });
  return {
    low: history.values[low] ?? 0,
    lowYear: history.years[low] ?? 0,
    high: history.values[high] ?? 0,
    highYear: history.years[high] ?? 0,
  };
}

/** The sample standard deviation (n − 1); null with fewer than `minimum` values. */
export function standardDeviation(values: readonly number[], minimum = 3): number | null {
  if (values.length < minimum) return null;
  let mean = 0;
  for (const value of values) mean += value;
  mean /= values.length;
  let squares = 0;
  for (const value of values) squares += (value - mean) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}
