import { requireFinite } from '../errors.ts';
import { type FinancialYearRow, WORKING_CAPITAL_RATIO_KEYS } from '../history/financial-row.ts';
import { DEFAULT_TAX_RATE } from '../history/historical-rows.ts';

/** Per-year forecast drivers, named as the spec's financial-year-row fields; all are fractions. */
export const DRIVER_KEYS = [
  'operating_revenue_yoy',
  'operating_cost_pct',
  'tax_expenses_pct',
  'selling_expenses_pct',
  'management_expenses_pct',
  'r_and_d_expenses_pct',
  'income_tax_to_total_profit',
  'da_ratio',
  'Capex_to_Revenue_Ratio',
  ...WORKING_CAPITAL_RATIO_KEYS,
] as const;

export type DriverKey = (typeof DRIVER_KEYS)[number];
export type Drivers = Record<DriverKey, number>;

const DRIVER_KEY_SET: ReadonlySet<string> = new Set(DRIVER_KEYS);
export function isDriverKey(key: string): key is DriverKey {
  return DRIVER_KEY_SET.has(key);
}

/** Where a cell's value comes from (public-side §4). */
export type DriverSource = 'user_set' | 'inherited' | 'system_default';

/** Values the user set, by forecast year and driver. */
export type YearOverrides = Readonly<Record<number, Readonly<Partial<Record<DriverKey, number>>>>>;

export interface YearDrivers {
  readonly year: number;
  readonly values: Drivers;
  readonly sources: Record<DriverKey, DriverSource>;
}

/** Every driver present (0), in DRIVER_KEYS order, so all driver sets share one fast hidden class. */
function emptyDrivers(): Drivers {
  return {
    operating_revenue_yoy: 0,
    operating_cost_pct: 0,
    tax_expenses_pct: 0,
    selling_expenses_pct: 0,
    management_expenses_pct: 0,
    r_and_d_expenses_pct: 0,
    income_tax_to_total_profit: 0,
    da_ratio: 0,
    Capex_to_Revenue_Ratio: 0,
    Notes_Receivable_Ratio: 0,
    Accounts_Receivable_Ratio: 0,
    Prepayments_Ratio: 0,
    Inventories_Ratio: 0,
    Other_Receivables_Ratio: 0,
    Contract_Assets_Ratio: 0,
    Notes_Payable_Ratio: 0,
    Accounts_Payable_Ratio: 0,
    Advances_From_Customers_Ratio: 0,
    Contract_Liabilities_Ratio: 0,
    Employee_Benefits_Payable_Ratio: 0,
    Taxes_Payable_Ratio: 0,
  };
}

/** Every driver's source, 'system_default' to begin with; one hidden class, as emptyDrivers. */
function defaultSources(): Record<DriverKey, DriverSource> {
  return {
    operating_revenue_yoy: 'system_default',
    operating_cost_pct: 'system_default',
    tax_expenses_pct: 'system_default',
    selling_expenses_pct: 'system_default',
    management_expenses_pct: 'system_default',
    r_and_d_expenses_pct: 'system_default',
    income_tax_to_total_profit: 'system_default',
    da_ratio: 'system_default',
    Capex_to_Revenue_Ratio: 'system_default',
    Notes_Receivable_Ratio: 'system_default',
    Accounts_Receivable_Ratio: 'system_default',
    Prepayments_Ratio: 'system_default',
    Inventories_Ratio: 'system_default',
    Other_Receivables_Ratio: 'system_default',
    Contract_Assets_Ratio: 'system_default',
    Notes_Payable_Ratio: 'system_default',
    Accounts_Payable_Ratio: 'system_default',
    Advances_From_Customers_Ratio: 'system_default',
    Contract_Liabilities_Ratio: 'system_default',
    Employee_Benefits_Payable_Ratio: 'system_default',
    Taxes_Payable_Ratio: 'system_default',
  };
}

/** Driver sets all come from emptyDrivers, so a spread clones the hidden class (V8's fast path). */
function copyDrivers(source: Drivers): Drivers {
  return { ...source };
}

export const FORECAST_YEARS = 5;

/**
 * The forecast horizon: the FORECAST_YEARS years after the latest annual report (2024 → 2025–2029). The
 * server checks edits against it without valuing the company.
 */
export function forecastYearsAfter(latestYear: number): number[] {
  return Array.from({ length: FORECAST_YEARS }, (_, index) => latestYear + 1 + index);
}
export const REVENUE_GROWTH_FLOOR = -0.2;
export const REVENUE_GROWTH_CAP = 0.25;
/** How many of the latest historical years the auto drivers average. */
export const AUTO_DRIVER_WINDOW = 3;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

function recentMean(rows: readonly FinancialYearRow[], key: keyof FinancialYearRow): number | null {
  let total = 0;
  let count = 0;
  for (let index = rows.length - 1; index >= 0 && index >= rows.length - AUTO_DRIVER_WINDOW; index--) {
    const found = (rows[index] as FinancialYearRow)[key];
    if (typeof found === 'number' && Number.isFinite(found)) {
      total += found;
      count++;
    }
  }
  return count > 0 ? total / count : null;
}

/**
 * Revenue growth the history supports: the compound annual growth over the latest (up to) 3 years,
 * clamped to −20%..25%; with a single year, or a non-positive revenue, the terminal growth.
 */
export function historicalRevenueGrowth(rows: readonly FinancialYearRow[], terminalGrowth: number): number {
  const last = rows[rows.length - 1];
  const span = Math.min(AUTO_DRIVER_WINDOW, rows.length - 1);
  const first = rows[rows.length - 1 - span];
  const latestRevenue = last?.operating_revenue ?? null;
  const firstRevenue = first?.operating_revenue ?? null;
  if (span < 1 || latestRevenue === null || firstRevenue === null || latestRevenue <= 0 || firstRevenue <= 0) {
    return clamp(terminalGrowth, REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP);
  }
  const cagr = (latestRevenue / firstRevenue) ** (1 / span) - 1;
  return clamp(cagr, REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP);
}

/**
 * The system's default drivers for each forecast year (the 'auto' forecast). Rule: every ratio is the
 * mean of the latest 3 historical years that report it (0 when none does; the tax rate 25%); revenue
 * growth starts at the historical growth and fades linearly to the terminal growth in the last year, so
 * the explicit forecast meets the Gordon growth of the terminal value.
 */
export function autoDrivers(
  history: readonly FinancialYearRow[],
  terminalGrowth: number,
  years: number = FORECAST_YEARS,
): Drivers[] {
  const base = emptyDrivers();
  for (const key of DRIVER_KEYS) {
    if (key === 'operating_revenue_yoy') continue;
    base[key] = Math.max(0, recentMean(history, key) ?? 0);
  }
  base.income_tax_to_total_profit = clamp(recentMean(history, 'income_tax_to_total_profit') ?? DEFAULT_TAX_RATE, 0, 1);
  const startGrowth = historicalRevenueGrowth(history, terminalGrowth);
  const result: Drivers[] = [];
  for (let index = 0; index < years; index++) {
    const fade = years > 1 ? index / (years - 1) : 1;
    const drivers = copyDrivers(base);
    drivers.operating_revenue_yoy = startGrowth + (terminalGrowth - startGrowth) * fade;
    result.push(drivers);
  }
  return result;
}

/**
 * Applies the user's overrides to the auto drivers with the spec's inheritance: a value set for a year
 * holds for every later forecast year until a later year sets its own. Overrides outside the forecast
 * years are ignored (historical years are read-only).
 */
export function resolveDrivers(auto: readonly Drivers[], firstYear: number, overrides: YearOverrides): YearDrivers[] {
  const carried = new Map<DriverKey, number>();
  return auto.map((defaults, index) => {
    const year = firstYear + index;
    const values = copyDrivers(defaults);
    const sources = defaultSources();
    const set = overrides[year];
    if (set) {
      for (const key of DRIVER_KEYS) {
        const own = set[key];
        if (own !== undefined) carried.set(key, requireFinite(own, `${key}@${year}`));
      }
    }
    for (const [key, value] of carried) {
      values[key] = value;
      sources[key] = set?.[key] !== undefined ? 'user_set' : 'inherited';
    }
    return { year, values, sources };
  });
}
