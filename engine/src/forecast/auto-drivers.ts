import { ALL_FAMILIES, FAMILY_OF_ROW_ITEM, isFamilyReported, WORKING_CAPITAL_FAMILIES } from '../history/continuity.ts';
import { type FinancialYearRow, WORKING_CAPITAL_KEY_PAIRS } from '../history/financial-row.ts';
import { DEFAULT_TAX_RATE } from '../history/historical-rows.ts';
import { percentText, yearsText } from '../message-format.ts';
import { copyDrivers, DRIVER_KEYS, type DriverKey, type Drivers, emptyDrivers, FORECAST_YEARS } from './drivers.ts';

export const REVENUE_GROWTH_FLOOR = -0.2;
export const REVENUE_GROWTH_CAP = 0.25;
/** How many of the latest historical years the auto drivers average. */
export const AUTO_DRIVER_WINDOW = 3;
/**
 * Effective tax rates a forecast may average: a rate above 50% (a loss-making subsidiary, a one-off
 * write-down of deferred tax) says nothing about the rate to come, nor does a negative one.
 */
export const FORECAST_TAX_RATE_RANGE = [0, 0.5] as const;
/** Fewer valid years than this and the forecast takes the statutory rate (DEFAULT_TAX_RATE). */
export const MIN_TAX_RATE_YEARS = 2;

/** The working-capital family of each working-capital ratio. */
const FAMILY_OF_RATIO: ReadonlyMap<DriverKey, number> = new Map(
  WORKING_CAPITAL_KEY_PAIRS.map(([item, ratioKey]) => [ratioKey, FAMILY_OF_ROW_ITEM[item]]),
);

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** How an auto driver was derived, for the page to disclose beside the figure. */
export interface DriverBasis {
  /** The historical years it rests on (empty for a default). */
  readonly years: readonly number[];
  readonly note: string;
}

/** What the history says about the forecast, before the terminal growth is known (that fades revenue). */
export interface DriverBase {
  /** Every driver but revenue growth: the value each forecast year starts from. */
  readonly ratios: Drivers;
  /** Compound revenue growth of the latest years (clamped), or null when the history cannot say. */
  readonly historicalGrowth: number | null;
  readonly basis: Readonly<Record<DriverKey, DriverBasis>>;
  /**
   * Operating working capital the first forecast year's ΔOWC starts from: the latest year's, with a
   * family that year does not report taken at the ratio of the latest year that does (so a line missing
   * from the last report is no phantom change in the forecast). Null without working-capital lines.
   */
  readonly openingWorkingCapital: number | null;
}

function windowOf<T>(items: readonly T[]): readonly T[] {
  return items.slice(Math.max(0, items.length - AUTO_DRIVER_WINDOW));
}

/**
 * Revenue growth the history supports: the compound annual growth over the latest (up to) 3 years,
 * clamped to −20%..25%; with a single year, or a non-positive revenue, the terminal growth.
 */
export function historicalRevenueGrowth(rows: readonly FinancialYearRow[], terminalGrowth: number): number {
  return growthOfHistory(rows)?.growth ?? clamp(terminalGrowth, REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP);
}

/**
 * When the latest history row is the trailing twelve months to an interim report: how much of its year is
 * still to come (0.75 after a 一季报), so growth up to it compounds over the time it really spans, and the
 * words the basis notes use for it ('2023 一季报（TTM）').
 */
export interface TrailingRow {
  readonly shortfall: number;
  readonly label: string;
}

function growthOfHistory(
  rows: readonly FinancialYearRow[],
  trailing?: TrailingRow,
): { growth: number; from: number; to: number } | null {
  const last = rows[rows.length - 1];
  const span = Math.min(AUTO_DRIVER_WINDOW, rows.length - 1);
  const first = rows[rows.length - 1 - span];
  const latestRevenue = last?.operating_revenue ?? null;
  const firstRevenue = first?.operating_revenue ?? null;
  if (!last || !first || span < 1 || latestRevenue === null || firstRevenue === null) return null;
  if (latestRevenue <= 0 || firstRevenue <= 0) return null;
  const years = span - (trailing?.shortfall ?? 0);
  const cagr = (latestRevenue / firstRevenue) ** (1 / years) - 1;
  return { growth: clamp(cagr, REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP), from: first.year, to: last.year };
}

function meanOf(rows: readonly FinancialYearRow[], pick: (row: FinancialYearRow) => number | null) {
  let total = 0;
  const years: number[] = [];
  for (const row of rows) {
    const value = pick(row);
    if (value !== null && Number.isFinite(value)) {
      total += value;
      years.push(row.year);
    }
  }
  return { mean: years.length > 0 ? total / years.length : null, years };
}

const meanNote = (years: readonly number[]) =>
  years.length > 0 ? `${yearsText(years)}年的均值` : '近3年均无数据，按 0 估计';

/** Every driver driverBase averages as a ratio (not revenue growth, not the tax rate), with its family. */
const RATIO_DRIVERS: readonly { readonly key: DriverKey; readonly family: number | undefined }[] = DRIVER_KEYS.filter(
  (key) => key !== 'operating_revenue_yoy' && key !== 'income_tax_to_total_profit',
).map((key) => ({ key, family: FAMILY_OF_RATIO.get(key) }));

interface RatioMean {
  readonly mean: number | null;
  /** The years averaged. */
  readonly years: number[];
  /** The statement years left out because they do not report the ratio's family. */
  readonly skipped: number[];
}

/** One ratio's mean over the rows, a working-capital ratio's over the rows that report its family. */
function ratioMean(
  rows: readonly FinancialYearRow[],
  masks: readonly number[],
  key: DriverKey,
  family: number | undefined,
): RatioMean {
  let total = 0;
  const years: number[] = [];
  const skipped: number[] = [];
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as FinancialYearRow;
    if (family !== undefined && !isFamilyReported(masks[index] ?? 0, family)) {
      if (row.basis === 'statements') skipped.push(row.year);
      continue;
    }
    const value = row[key];
    if (value !== null && Number.isFinite(value)) {
      total += value;
      years.push(row.year);
    }
  }
  return { mean: years.length > 0 ? total / years.length : null, years, skipped };
}

function sameYears(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

function ratioNote(years: readonly number[], skipped: readonly number[]): string {
  return skipped.length > 0 ? `${meanNote(years)}（${yearsText(skipped)}年未列报该项目，不计入）` : meanNote(years);
}

/**
 * The system's default drivers before the fade: every ratio is the mean of the latest 3 years that report
 * it (0 when none does; never below 0). A working-capital ratio averages only the years whose statements
 * report its family (reclassified lines count together, see continuity.ts). The tax rate is the mean of
 * the years whose effective rate lies in 0–50%; fewer than two such years → 25%.
 *
 * @param reportedFamilies per history row, the families its statements report (continuity.ts); without
 *   it every row with working-capital figures counts as reporting them all.
 */
export function driverBase(
  history: readonly FinancialYearRow[],
  reportedFamilies?: readonly number[],
  trailing?: TrailingRow,
): DriverBase {
  const rows = windowOf(history);
  const masks = windowOf(reportedFamilies ?? history.map((row) => (row.basis === 'statements' ? ALL_FAMILIES : 0)));
  const ratios = emptyDrivers();
  const basis = {} as Record<DriverKey, DriverBasis>;

  // Most ratios rest on the same years: each distinct note is written once and shared (strings are immutable).
  const notes: { readonly averaged: RatioMean; readonly note: string }[] = [];
  for (const { key, family } of RATIO_DRIVERS) {
    const averaged = ratioMean(rows, masks, key, family);
    ratios[key] = Math.max(0, averaged.mean ?? 0);
    let note: string | undefined;
    for (const written of notes) {
      if (sameYears(written.averaged.years, averaged.years) && sameYears(written.averaged.skipped, averaged.skipped)) {
        note = written.note;
        break;
      }
    }
    if (note === undefined) {
      note = ratioNote(averaged.years, averaged.skipped);
      notes.push({ averaged, note });
    }
    basis[key] = { years: averaged.years, note };
  }

  const [low, high] = FORECAST_TAX_RATE_RANGE;
  const tax = meanOf(rows, (row) => {
    const rate = row.income_tax_to_total_profit;
    return rate !== null && rate >= low && rate <= high ? rate : null;
  });
  const validTax = tax.years.length >= MIN_TAX_RATE_YEARS && tax.mean !== null;
  ratios.income_tax_to_total_profit = validTax ? (tax.mean as number) : DEFAULT_TAX_RATE;
  basis.income_tax_to_total_profit = {
    years: validTax ? tax.years : [],
    note: validTax
      ? `有效税率在 0–50% 之间的年份（${yearsText(tax.years)}）的均值`
      : `有效税率在 0–50% 之间的年份不足两年，按法定税率 ${percentText(DEFAULT_TAX_RATE, 0)}`,
  };

  const growth = growthOfHistory(history, trailing);
  basis.operating_revenue_yoy = growth
    ? {
        years: [growth.from, growth.to],
        note: trailing
          ? `${growth.from}年至${trailing.label}的营业收入年化复合增长率（限定在 -20% 至 25%），逐年线性过渡到永续增长率`
          : `${growth.from}–${growth.to}年营业收入复合增长率（限定在 -20% 至 25%），逐年线性过渡到永续增长率`,
      }
    : { years: [], note: '历史不足以计算增长率，按永续增长率' };

  return {
    ratios,
    historicalGrowth: growth?.growth ?? null,
    basis,
    openingWorkingCapital: openingWorkingCapital(rows, masks),
  };
}

/** The latest row's OWC, each family it does not report taken at the latest reporting row's ratios. */
function openingWorkingCapital(rows: readonly FinancialYearRow[], masks: readonly number[]): number | null {
  const last = rows[rows.length - 1];
  const revenue = last?.operating_revenue ?? null;
  if (!last || revenue === null) return null;
  const lastMask = masks[masks.length - 1] ?? 0;
  let opening = last.Operating_Working_Capital;
  WORKING_CAPITAL_FAMILIES.forEach((family, index) => {
    if (isFamilyReported(lastMask, index)) return;
    for (let at = rows.length - 2; at >= 0; at--) {
      const row = rows[at] as FinancialYearRow;
      if (!isFamilyReported(masks[at] ?? 0, index)) continue;
      let ratio = 0;
      for (const item of family.rowItems) ratio += row[`${item}_Ratio`] ?? 0;
      opening = (opening ?? 0) + family.sign * revenue * ratio;
      return;
    }
  });
  return opening;
}

/**
 * Revenue growth of forecast year `index` (0-based) of `years`: from the historical growth (the terminal
 * growth when there is none) linearly to the terminal growth in the last year, so the explicit forecast
 * meets the growth of the terminal value. The only auto driver that depends on the terminal growth.
 */
export function fadedGrowth(base: DriverBase, terminalGrowth: number, index: number, years: number): number {
  const startGrowth = base.historicalGrowth ?? clamp(terminalGrowth, REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP);
  const fade = years > 1 ? index / (years - 1) : 1;
  return startGrowth + (terminalGrowth - startGrowth) * fade;
}

/** The auto forecast's drivers for each year: the base ratios and the faded revenue growth. */
export function fadeDrivers(base: DriverBase, terminalGrowth: number, years: number = FORECAST_YEARS): Drivers[] {
  const result: Drivers[] = [];
  for (let index = 0; index < years; index++) {
    const drivers = copyDrivers(base.ratios);
    drivers.operating_revenue_yoy = fadedGrowth(base, terminalGrowth, index, years);
    result.push(drivers);
  }
  return result;
}

/** driverBase + fadeDrivers in one call, for a history without continuity information. */
export function autoDrivers(
  history: readonly FinancialYearRow[],
  terminalGrowth: number,
  years: number = FORECAST_YEARS,
): Drivers[] {
  return fadeDrivers(driverBase(history), terminalGrowth, years);
}
