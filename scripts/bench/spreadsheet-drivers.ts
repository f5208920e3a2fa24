/**
 * The auto drivers of the spreadsheet reference, as formulas from docs/model.md#4-forecast-drivers: every
 * ratio (costs, impairments, 其他收益, D&A, sales-to-capital, working capital) from the latest year's value to
 * its normal level (the median of the window's usable years, never below 0), reached in the fifth forecast
 * year, a working-capital ratio in the fourth; the tax rate from the mean usable effective rate to the
 * statutory one; both ends held within their plausible ranges, then the EBIT margin by the operating cost
 * ratio; revenue growth from the median year-on-year growth (within 0…25%) fading to g; capex = D&A +
 * Δrevenue ÷ sales-to-capital. Then per-year overrides, carried to later years. The window is the latest 3
 * years (the bench's company has no industry, so no cyclical window).
 */
import {
  AUTO_DRIVER_RANGES,
  AUTO_EBIT_MARGIN_RANGE,
  DEFAULT_TAX_RATE,
  DRIVER_KEYS,
  type DriverKey,
  FAMILY_OF_ROW_ITEM,
  FORECAST_YEARS,
  HIGH_TECH_TAX_RATE,
  MIN_TAX_RATE_YEARS,
  REVENUE_GROWTH_CAP,
  REVENUE_GROWTH_FLOOR,
  WORKING_CAPITAL_ITEMS,
  type YearOverrides,
} from '@fcf/engine';
import { HIGH_TECH_RATE_THRESHOLD } from '../../engine/src/forecast/tax-driver.ts';
import { COST_DRIVERS, familyFlag, OTHER_OPERATING_DRIVERS } from './spreadsheet-history.ts';
import type { SheetBuilder } from './spreadsheet-sheet.ts';

/** Each working-capital ratio with its family: it reads only the years whose statements report the family. */
const FAMILY_OF_RATIO = new Map<DriverKey, number>(
  WORKING_CAPITAL_ITEMS.map((item) => [`${item}_Ratio`, FAMILY_OF_ROW_ITEM[item]]),
);
const TAX = 'income_tax_to_total_profit';
const GROWTH = 'operating_revenue_yoy';
const CAPEX = 'Capex_to_Revenue_Ratio';
/** The drivers read as ratios of the history: all but revenue growth, the tax rate and the linked capex. */
const RATIO_KEYS = DRIVER_KEYS.filter((key) => key !== GROWTH && key !== TAX && key !== CAPEX);
const STAGES = ['start', 'end'] as const;

const clamp = (value: string, [low, high]: readonly [number, number]) => `MIN(${high},MAX(${low},${value}))`;

/** How far forecast year i is along a fade: 0 in the first year, 1 in the last (in the fourth, for a balance). */
const share = (i: number, balance: boolean) =>
  balance ? Math.min(1, i / (FORECAST_YEARS - 2)) : i / (FORECAST_YEARS - 1);

/** capex / revenue = D&A ratio + growth / (1 + growth) / sales-to-capital, never below 0 (no net investment at 0). */
export function linkedCapexFormula(da: string, salesToCapital: string, growth: string): string {
  return `MAX(0,${da}+IF(AND(${salesToCapital}>0,${growth}>-1),${growth}/(1+${growth})/${salesToCapital},0))`;
}

export interface DriverSheets {
  readonly history: SheetBuilder;
  /** The window's first value column on the History sheet, and its last (the latest year's). */
  readonly windowStart: number;
  readonly last: number;
  readonly model: SheetBuilder;
  /** The forecast years. */
  readonly years: readonly number[];
}

/**
 * Adds the drivers' rows (History: each ratio where its year is usable; Model: each driver's start, end,
 * auto value per year, override, carried value and effective value) and returns the auto revenue growth of
 * forecast year i at a terminal growth, for the Model and the Grid sheet.
 */
export function addDriverRows(
  { history, windowStart, last, model, years }: DriverSheets,
  overrides: YearOverrides,
): (cell: (name: string) => string) => (g: string, i: number) => string {
  const window = (name: string) => history.refRange(name, windowStart, last);
  const latest = (name: string) => history.ref(name, last);
  const one = (name: string) => model.at(name, 0);
  const m = (name: string, i: number) => model.at(name, i);
  const each = (formula: (i: number) => string | number | null) => years.map((_, i) => formula(i));

  // Each ratio where the year may be read: usable (no shell, no near-zero revenue), reporting the family.
  for (const key of RATIO_KEYS) {
    const family = FAMILY_OF_RATIO.get(key);
    history.add(
      `${key}_usable`,
      Array.from({ length: last + 1 }, (_, i) => {
        const reports = family === undefined ? '' : `,${history.at(familyFlag(family), i)}=1`;
        const value = history.at(key, i);
        return `=IF(AND(${history.at('usable_year', i)}=1,ISNUMBER(${value})${reports}),${value},"")`;
      }),
    );
  }
  const excludedYears = `SUM(${window('shell_year')})+SUM(${window('negligible_revenue')})`;
  for (const key of RATIO_KEYS) {
    const usable = window(`${key}_usable`);
    const whenAllExcluded = `IF(${excludedYears}>0,IF(ISNUMBER(${latest(key)}),${latest(key)},0),0)`;
    model.add(`${key}_end_raw`, [`=MAX(0,IF(COUNT(${usable})>0,MEDIAN(${usable}),${whenAllExcluded}))`]);
    const own = latest(`${key}_usable`);
    model.add(`${key}_start_raw`, [`=IF(ISNUMBER(${own}),MAX(0,${own}),${one(`${key}_end_raw`)})`]);
  }
  const rates = window('usable_tax_rate');
  const enough = `COUNT(${rates})>=${MIN_TAX_RATE_YEARS}`;
  model.add(`${TAX}_start_raw`, [`=IF(${enough},AVERAGE(${rates}),${DEFAULT_TAX_RATE})`]);
  model.add(`${TAX}_end_raw`, [
    `=IF(${enough},IF(MEDIAN(${rates})<${HIGH_TECH_RATE_THRESHOLD},${HIGH_TECH_TAX_RATE},${DEFAULT_TAX_RATE}),${DEFAULT_TAX_RATE})`,
  ]);

  // The bounds, at each end: every driver within its range (a sales-to-capital of 0 stays 0), then the EBIT
  // margin within its range by moving the operating cost ratio (within its own).
  for (const stage of STAGES) {
    for (const key of [...RATIO_KEYS, TAX] as const) {
      const raw = one(`${key}_${stage}_raw`);
      const bounded = clamp(raw, AUTO_DRIVER_RANGES[key]);
      model.add(`${key}_${stage}_bounded`, [`=${key === 'sales_to_capital' ? `IF(${raw}=0,0,${bounded})` : bounded}`]);
    }
    const costs = COST_DRIVERS.map(([, ratio]) => `-${one(`${ratio}_${stage}_bounded`)}`).join('');
    const others = OTHER_OPERATING_DRIVERS.map(
      ([, ratio, sign]) => `${sign < 0 ? '-' : '+'}${one(`${ratio}_${stage}_bounded`)}`,
    ).join('');
    model.add(`ebit_margin_${stage}`, [`=1${costs}${others}`]);
    const margin = one(`ebit_margin_${stage}`);
    const cost = one(`operating_cost_pct_${stage}_bounded`);
    const shift = `(${margin}-${clamp(margin, AUTO_EBIT_MARGIN_RANGE)})`;
    model.add(`operating_cost_pct_${stage}`, [`=${clamp(`${cost}+${shift}`, AUTO_DRIVER_RANGES.operating_cost_pct)}`]);
  }
  const endOf = (key: DriverKey, stage: (typeof STAGES)[number]) =>
    one(key === 'operating_cost_pct' ? `${key}_${stage}` : `${key}_${stage}_bounded`);

  // Revenue growth: the median of the window's usable year-on-year growths within 0…25%, else g (within the
  // range a person may set); linearly to g in the fifth year.
  const growths = window('usable_growth');
  model.add('historical_growth', [
    `=IF(COUNT(${growths})>0,${clamp(`MEDIAN(${growths})`, AUTO_DRIVER_RANGES[GROWTH])},"")`,
  ]);
  const fadedGrowthFrom =
    (cell: (name: string) => string) =>
    (g: string, i: number): string => {
      const historical = cell('historical_growth');
      const start = `IF(ISNUMBER(${historical}),${historical},${clamp(g, [REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP])})`;
      return `${start}+(${g}-${start})*${share(i, false)}`;
    };

  // Per year: the auto value, the override typed for the year, the value carried from earlier years, the
  // effective one. Capex comes last: it follows the effective growth, D&A and sales-to-capital.
  const addDriver = (key: DriverKey, auto: (i: number) => string) => {
    model.add(`${key}_auto`, each(auto));
    model.add(
      `${key}_override`,
      each((i) => overrides[years[i] as number]?.[key] ?? null),
    );
    model.add(`${key}_carried`, () =>
      each((i) =>
        i === 0
          ? `=IF(ISBLANK(${m(`${key}_override`, 0)}),"",${m(`${key}_override`, 0)})`
          : `=IF(ISBLANK(${m(`${key}_override`, i)}),${m(`${key}_carried`, i - 1)},${m(`${key}_override`, i)})`,
      ),
    );
    model.add(
      key,
      each((i) => `=IF(ISNUMBER(${m(`${key}_carried`, i)}),${m(`${key}_carried`, i)},${m(`${key}_auto`, i)})`),
    );
  };
  for (const key of DRIVER_KEYS) {
    if (key === CAPEX) continue;
    if (key === GROWTH) {
      addDriver(key, (i) => `=${fadedGrowthFrom(one)(one('g'), i)}`);
      continue;
    }
    const [start, end] = [endOf(key, 'start'), endOf(key, 'end')];
    addDriver(key, (i) => `=${start}+(${end}-${start})*${share(i, FAMILY_OF_RATIO.has(key))}`);
  }
  addDriver(CAPEX, (i) => `=${linkedCapexFormula(m('da_ratio', i), m('sales_to_capital', i), m(GROWTH, i))}`);
  return fadedGrowthFrom;
}
