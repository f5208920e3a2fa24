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

export const FORECAST_YEARS = 5;
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
  const base = {} as Drivers;
  for (const key of DRIVER_KEYS) {
    if (key === 'operating_revenue_yoy') continue;
    base[key] = Math.max(0, recentMean(history, key) ?? 0);
  }
  base.income_tax_to_total_profit = clamp(recentMean(history, 'income_tax_to_total_profit') ?? DEFAULT_TAX_RATE, 0, 1);
  const startGrowth = historicalRevenueGrowth(history, terminalGrowth);
  const result: Drivers[] = [];
  for (let index = 0; index < years; index++) {
    const fade = years > 1 ? index / (years - 1) : 1;
    result.push({ ...base, operating_revenue_yoy: startGrowth + (terminalGrowth - startGrowth) * fade });
  }
  return result;
}

/**
 * Applies the user's overrides to the auto drivers with the spec's inheritance: a value set for a year
 * holds for every later forecast year until a later year sets its own. Overrides outside the forecast
 * years are ignored (historical years are read-only).
 */
export function resolveDrivers(auto: readonly Drivers[], firstYear: number, overrides: YearOverrides): YearDrivers[] {
  const carried: Partial<Drivers> = {};
  return auto.map((defaults, index) => {
    const year = firstYear + index;
    const set = overrides[year];
    const values = { ...defaults };
    const sources = {} as Record<DriverKey, DriverSource>;
    for (const key of DRIVER_KEYS) {
      const own = set?.[key];
      if (own !== undefined) {
        values[key] = requireFinite(own, `${key}@${year}`);
        carried[key] = own;
        sources[key] = 'user_set';
      } else if (carried[key] !== undefined) {
        values[key] = carried[key];
        sources[key] = 'inherited';
      } else {
        sources[key] = 'system_default';
      }
    }
    return { year, values, sources };
  });
}
