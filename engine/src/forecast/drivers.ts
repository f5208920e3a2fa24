import { requireFinite } from '../errors.ts';
import { WORKING_CAPITAL_RATIO_KEYS } from '../history/financial-row.ts';
import { linkedCapexRatio } from './reinvestment.ts';

/**
 * Per-year forecast drivers, named as the financial-year-row fields (docs/requirements.md#financial-year-row); all
 * are fractions but sales_to_capital (revenue / operating long-term assets, a multiple).
 */
export const DRIVER_KEYS = [
  'operating_revenue_yoy',
  'operating_cost_pct',
  'tax_expenses_pct',
  'selling_expenses_pct',
  'management_expenses_pct',
  'r_and_d_expenses_pct',
  'impairment_losses_pct',
  'other_income_pct',
  'income_tax_to_total_profit',
  'da_ratio',
  'Capex_to_Revenue_Ratio',
  'sales_to_capital',
  ...WORKING_CAPITAL_RATIO_KEYS,
] as const;

export type DriverKey = (typeof DRIVER_KEYS)[number];
export type Drivers = Record<DriverKey, number>;

const DRIVER_KEY_SET: ReadonlySet<string> = new Set(DRIVER_KEYS);
export function isDriverKey(key: string): key is DriverKey {
  return DRIVER_KEY_SET.has(key);
}

/** Where a cell's value comes from. */
export type DriverSource = 'user_set' | 'inherited' | 'system_default';

/** Values the user set, by forecast year and driver. */
export type YearOverrides = Readonly<Record<number, Readonly<Partial<Record<DriverKey, number>>>>>;

export interface YearDrivers {
  readonly year: number;
  readonly values: Drivers;
  readonly sources: Record<DriverKey, DriverSource>;
}

/** Every driver present (0), in DRIVER_KEYS order, so all driver sets share one fast hidden class. */
export function emptyDrivers(): Drivers {
  return {
    operating_revenue_yoy: 0,
    operating_cost_pct: 0,
    tax_expenses_pct: 0,
    selling_expenses_pct: 0,
    management_expenses_pct: 0,
    r_and_d_expenses_pct: 0,
    impairment_losses_pct: 0,
    other_income_pct: 0,
    income_tax_to_total_profit: 0,
    da_ratio: 0,
    Capex_to_Revenue_Ratio: 0,
    sales_to_capital: 0,
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
    impairment_losses_pct: 'system_default',
    other_income_pct: 'system_default',
    income_tax_to_total_profit: 'system_default',
    da_ratio: 'system_default',
    Capex_to_Revenue_Ratio: 'system_default',
    sales_to_capital: 'system_default',
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
export function copyDrivers(source: Drivers): Drivers {
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

/**
 * Applies the user's overrides to the auto drivers (docs/requirements.md#overrides-and-inheritance): a value set for a year
 * holds for every later forecast year until a later year sets its own. Overrides outside the forecast
 * years are ignored (historical years are read-only).
 */
export function resolveDrivers(auto: readonly Drivers[], firstYear: number, overrides: YearOverrides): YearDrivers[] {
  const carried = new Map<DriverKey, number>();
  return auto.map((defaults, index) => {
    const year = firstYear + index;
    const sources = defaultSources();
    const set = overrides[year];
    if (set) {
      for (const key of DRIVER_KEYS) {
        const own = set[key];
        if (own === undefined) continue;
        // The field's name is built only for the error.
        carried.set(key, Number.isFinite(own) ? own : requireFinite(own, `${key}@${year}`));
      }
    }
    // A year no override reaches takes the auto drivers' object itself: drivers are never written after
    // this, and the auto forecast would otherwise copy every year's drivers twice.
    if (carried.size === 0) return { year, values: defaults, sources };
    const values = copyDrivers(defaults);
    for (const [key, value] of carried) {
      values[key] = value;
      sources[key] = set?.[key] !== undefined ? 'user_set' : 'inherited';
    }
    // The auto capex follows the year's growth, D&A and sales-to-capital, whoever set those.
    if (sources.Capex_to_Revenue_Ratio === 'system_default') {
      values.Capex_to_Revenue_Ratio = linkedCapexRatio(values, values.operating_revenue_yoy);
    }
    return { year, values, sources };
  });
}
