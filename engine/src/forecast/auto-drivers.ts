import { ALL_FAMILIES, FAMILY_OF_ROW_ITEM, isFamilyReported, WORKING_CAPITAL_FAMILIES } from '../history/continuity.ts';
import { type FinancialYearRow, WORKING_CAPITAL_KEY_PAIRS } from '../history/financial-row.ts';
import { percentText, yearsText } from '../message-format.ts';
import {
  AUTO_DRIVER_RANGES,
  AUTO_EBIT_MARGIN_RANGE,
  driverValueText,
  PARAMETER_RULES,
} from '../valuation/parameter-rules.ts';
import { cyclicalDivisionOf } from './cyclical-industries.ts';
import {
  AUTO_DRIVER_WINDOW,
  CYCLICAL_DRIVER_WINDOW,
  latestRows,
  medianOf,
  NEGLIGIBLE_REVENUE_SHARE,
  negligibleRevenueYears,
  type RatioHistory,
  ratioHistory,
  usableGrowths,
} from './driver-history.ts';
import { copyDrivers, DRIVER_KEYS, type DriverKey, type Drivers, emptyDrivers, FORECAST_YEARS } from './drivers.ts';
import { linkedCapexRatio } from './reinvestment.ts';
import { openingLossOf, taxDriver } from './tax-driver.ts';

export { AUTO_DRIVER_WINDOW, CYCLICAL_DRIVER_WINDOW, isShellYear } from './driver-history.ts';

import type { BoundedDriver, DriverBase, DriverBasis, DriverContext } from './driver-base.ts';

export type { BoundedDriver, DriverBase, DriverBasis, DriverContext, TrailingRow } from './driver-base.ts';
export { FORECAST_TAX_RATE_RANGE, HIGH_TECH_TAX_RATE, MIN_TAX_RATE_YEARS } from './tax-driver.ts';

/** The growth a person may set (docs/requirements.md#growth-range); the auto start stays within 0..cap. */
export const REVENUE_GROWTH_FLOOR = PARAMETER_RULES.operating_revenue_yoy.min;
export const REVENUE_GROWTH_CAP = PARAMETER_RULES.operating_revenue_yoy.max;
/**
 * A decline is not carried forward: the auto growth starts at 0% at the lowest. Listed companies' revenue
 * declines mostly revert (docs/backtest.md: extrapolated, they erred more than a flat forecast at t+3).
 */
export const AUTO_GROWTH_FLOOR = AUTO_DRIVER_RANGES.operating_revenue_yoy[0];

/** The working-capital family of each working-capital ratio. */
const FAMILY_OF_RATIO: ReadonlyMap<DriverKey, number> = new Map(
  WORKING_CAPITAL_KEY_PAIRS.map(([item, ratioKey]) => [ratioKey, FAMILY_OF_ROW_ITEM[item]]),
);

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Revenue growth the history supports: the median of the window's year-on-year growths (shell years left
 * out), within 0%..25%; the terminal growth when there is none.
 */
export function historicalRevenueGrowth(
  rows: readonly FinancialYearRow[],
  terminalGrowth: number,
  window: number = AUTO_DRIVER_WINDOW,
): number {
  return (
    growthOfHistory(rows, window, negligibleRevenueYears(rows))?.growth ??
    clamp(terminalGrowth, REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP)
  );
}

function growthOfHistory(
  rows: readonly FinancialYearRow[],
  window: number,
  negligible: ReadonlySet<number>,
): { growth: number; years: number[] } | null {
  const { growths, years } = usableGrowths(rows, window, negligible);
  if (growths.length === 0) return null;
  const [low, high] = AUTO_DRIVER_RANGES.operating_revenue_yoy;
  return { growth: clamp(medianOf(growths), low, high), years };
}

/** Every driver driverBase reads as a ratio (not revenue growth, not the tax rate), with its family. */
const RATIO_DRIVERS: readonly { readonly key: DriverKey; readonly family: number | undefined }[] = DRIVER_KEYS.filter(
  (key) => key !== 'operating_revenue_yoy' && key !== 'income_tax_to_total_profit',
).map((key) => ({ key, family: FAMILY_OF_RATIO.get(key) }));

function sameYears(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
  return true;
}

function sameHistory(a: RatioHistory, b: RatioHistory): boolean {
  return (
    sameYears(a.years, b.years) &&
    sameYears(a.skipped, b.skipped) &&
    sameYears(a.shells, b.shells) &&
    sameYears(a.negligible, b.negligible) &&
    (a.latest === null) === (b.latest === null)
  );
}

function ratioNote(
  history: RatioHistory & { readonly latestOfAll: number | null },
  latestYear: number | null,
  cyclical: string | null,
  balance: boolean,
): string {
  const ending = balance ? '第4年（第5年保持）' : '第5年';
  if (history.years.length === 0 && history.latestOfAll !== null) {
    return `近年均为营业利润绝对值超过营业收入或营业收入近零的年度：按${latestYear}年的值`;
  }
  if (history.years.length === 0) return '近年均无数据，按 0 估计';
  const notes: string[] = [];
  if (history.skipped.length > 0) notes.push(`${yearsText(history.skipped)}年未列报该项目，不计入`);
  if (history.shells.length > 0) notes.push(`${yearsText(history.shells)}年营业利润绝对值超过营业收入，不计入`);
  if (history.negligible.length > 0) {
    notes.push(
      `${yearsText(history.negligible)}年营业收入不足常态的${percentText(NEGLIGIBLE_REVENUE_SHARE, 0)}，不计入`,
    );
  }
  const left = notes.length > 0 ? `（${notes.join('；')}）` : '';
  const span = cyclical ? `周期性行业（${cyclical}）近${CYCLICAL_DRIVER_WINDOW}年中` : '';
  const start =
    history.latest !== null && latestYear !== null ? `第1年取${latestYear}年的值，逐年过渡到${ending}的` : '各年均取';
  return `${start}${span}${yearsText(history.years)}年的中位数${left}`;
}

/**
 * The system's default drivers before the fade (docs/model.md, the forecast drivers): every ratio starts at
 * the latest year's value and reaches its normal level — the median of the window's usable years (3, or 8 for
 * a cyclical industry; shell years and years that do not report the line left out; 0 when none has it; never
 * below 0) — in the fifth forecast year (a working-capital ratio in the fourth, balanceFadeShare). The tax rate goes from the mean effective rate to the statutory one
 * (tax-driver.ts); revenue growth starts at the median year-on-year growth (fadeDrivers), at g for a
 * cyclical company.
 *
 * @param reportedFamilies per history row, the families its statements report (continuity.ts); without
 *   it every row with working-capital figures counts as reporting them all.
 */
export function driverBase(
  history: readonly FinancialYearRow[],
  reportedFamilies?: readonly number[],
  context: DriverContext = {},
): DriverBase {
  const cyclical = cyclicalDivisionOf(context.industry);
  const window = cyclical ? CYCLICAL_DRIVER_WINDOW : AUTO_DRIVER_WINDOW;
  const rows = latestRows(history, window);
  const masks = latestRows(
    reportedFamilies ?? history.map((row) => (row.basis === 'statements' ? ALL_FAMILIES : 0)),
    window,
  );
  const latestYear = rows[rows.length - 1]?.year ?? null;
  const start = emptyDrivers();
  const end = emptyDrivers();
  const basis = {} as Record<DriverKey, DriverBasis>;

  // Most ratios rest on the same years: each distinct note is written once and shared (strings are immutable).
  const negligible = negligibleRevenueYears(history);
  const notes: { readonly history: RatioHistory; readonly balance: boolean; readonly note: string }[] = [];
  for (const { key, family } of RATIO_DRIVERS) {
    const reports =
      family === undefined ? undefined : (index: number) => isFamilyReported(masks[index] ?? 0, family as number);
    const read = ratioHistory(rows, (row) => row[key], reports, negligible);
    // Every year of the window a shell or of near-zero revenue: the latest year's own ratio (bounded below)
    // rather than 0, which would make a company without a usable year the most profitable of all.
    const excludedOnly = read.years.length === 0 && read.shells.length + read.negligible.length > 0;
    const latestOfAll = excludedOnly ? finiteOrNull(rows[rows.length - 1]?.[key]) : null;
    const normal = Math.max(0, read.normal ?? latestOfAll ?? 0);
    end[key] = normal;
    start[key] = read.latest === null ? normal : Math.max(0, read.latest);
    let note = notes.find(
      (written) =>
        written.balance === (family !== undefined) && sameHistory(written.history, read) && latestOfAll === null,
    )?.note;
    if (note === undefined) {
      note = ratioNote({ ...read, latestOfAll }, latestYear, cyclical, family !== undefined);
      if (latestOfAll === null) notes.push({ history: read, balance: family !== undefined, note });
    }
    basis[key] = { years: read.years, note };
  }

  basis.Capex_to_Revenue_Ratio = {
    years: basis.sales_to_capital.years,
    note:
      end.sales_to_capital > 0
        ? '随增长再投资：资本开支 = 折旧摊销 + 营业收入增量 ÷ 销售额/经营性长期资产'
        : '无经营性长期资产数据：资本开支按折旧摊销（不随增长追加投资）',
  };

  const tax = taxDriver(rows, context.oneOffShares ?? new Map());
  start.income_tax_to_total_profit = tax.start;
  end.income_tax_to_total_profit = tax.end;
  basis.income_tax_to_total_profit = { years: tax.years, note: tax.note };

  const bounded = [...boundDrivers(start), ...boundDrivers(end)];
  for (const { key, from, to } of bounded) {
    const said = `（历史值 ${driverValueText(key, from)} 超出合理范围，按 ${driverValueText(key, to)} 计）`;
    if (!basis[key].note.endsWith(said)) basis[key] = { ...basis[key], note: `${basis[key].note}${said}` };
  }

  // A cyclical company's recent growth is the phase of its cycle, not a trend: it is not extrapolated.
  const growth = cyclical ? null : growthOfHistory(history, window, negligible);
  basis.operating_revenue_yoy = growth
    ? {
        years: growth.years,
        note: `${yearsText(growth.years)}年营业收入同比增长率的中位数（限定在 0 至 25%：下降不外推），逐年线性过渡到永续增长率`,
      }
    : {
        years: [],
        note: cyclical
          ? `周期性行业（${cyclical}）：近年增速反映周期阶段而非趋势，不外推，按永续增长率`
          : '历史不足以计算增长率，按永续增长率',
      };

  return {
    start,
    end,
    historicalGrowth: growth?.growth ?? null,
    basis,
    openingWorkingCapital: openingWorkingCapital(rows, masks),
    openingLoss: openingLossOf(history),
    cyclical,
    spanYears: window,
    bounded,
  };
}

function finiteOrNull(value: number | null | undefined): number | null {
  return value !== null && value !== undefined && Number.isFinite(value) ? value : null;
}

/** The costs and income that make EBIT, as ratios to revenue (projection.ts's projectYear). */
function ebitMargin(drivers: Drivers): number {
  return (
    1 -
    drivers.operating_cost_pct -
    drivers.tax_expenses_pct -
    drivers.selling_expenses_pct -
    drivers.management_expenses_pct -
    drivers.r_and_d_expenses_pct -
    drivers.impairment_losses_pct +
    drivers.other_income_pct
  );
}

/**
 * Holds every automatic ratio within its plausible range (AUTO_DRIVER_RANGES, the range table's), then the EBIT
 * margin they make within AUTO_EBIT_MARGIN_RANGE by the operating cost ratio (within its own range); returns
 * what moved. A sales-to-capital of 0 means the history has no operating long-term assets and stays 0.
 */
function boundDrivers(drivers: Drivers): BoundedDriver[] {
  const moved: BoundedDriver[] = [];
  const hold = (key: DriverKey, to: number) => {
    const from = drivers[key];
    if (to === from) return;
    moved.push({ key, from, to });
    drivers[key] = to;
  };
  for (const key of DRIVER_KEYS) {
    if (key === 'operating_revenue_yoy' || key === 'Capex_to_Revenue_Ratio') continue;
    if (key === 'sales_to_capital' && drivers[key] === 0) continue;
    const [low, high] = AUTO_DRIVER_RANGES[key];
    hold(key, clamp(drivers[key], low, high));
  }
  const [lowMargin, highMargin] = AUTO_EBIT_MARGIN_RANGE;
  const margin = ebitMargin(drivers);
  const [lowCost, highCost] = AUTO_DRIVER_RANGES.operating_cost_pct;
  if (margin < lowMargin || margin > highMargin) {
    const shift = margin - clamp(margin, lowMargin, highMargin);
    hold('operating_cost_pct', clamp(drivers.operating_cost_pct + shift, lowCost, highCost));
  }
  return moved;
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

/** How far forecast year `index` (0-based) of `years` is along the fade: 0 in the first year, 1 in the last. */
export function fadeShare(index: number, years: number): number {
  return years > 1 ? index / (years - 1) : 1;
}

/**
 * How far a working-capital ratio is along its fade in forecast year `index`: 0 in the first year, 1 in the
 * year before the last and in the last. A balance ratio that moves turns into a cash flow (ΔOWC), so the
 * last year must be a steady state — ΔOWC = the OWC ratio × Δrevenue — for the terminal value to carry it on
 * (a ratio still moving in the last year would put a one-off release or build-up into the perpetuity).
 * Cost ratios set levels, not flows: they fade over all five years (fadeShare).
 */
export function balanceFadeShare(index: number, years: number): number {
  return years > 2 ? Math.min(1, index / (years - 2)) : 1;
}

const BALANCE_RATIOS: ReadonlySet<DriverKey> = new Set(FAMILY_OF_RATIO.keys());

/**
 * Revenue growth of forecast year `index` (0-based) of `years`: from the historical growth (the terminal
 * growth when there is none) linearly to the terminal growth in the last year, so the explicit forecast
 * meets the growth of the terminal value. The only auto driver that depends on the terminal growth.
 */
export function fadedGrowth(base: DriverBase, terminalGrowth: number, index: number, years: number): number {
  const startGrowth = base.historicalGrowth ?? clamp(terminalGrowth, REVENUE_GROWTH_FLOOR, REVENUE_GROWTH_CAP);
  return startGrowth + (terminalGrowth - startGrowth) * fadeShare(index, years);
}

/** The auto forecast's drivers for each year: every ratio from its start to its end, and the faded growth. */
export function fadeDrivers(base: DriverBase, terminalGrowth: number, years: number = FORECAST_YEARS): Drivers[] {
  const result: Drivers[] = [];
  for (let index = 0; index < years; index++) {
    const share = fadeShare(index, years);
    const balanceShare = balanceFadeShare(index, years);
    const drivers = copyDrivers(base.start);
    for (const key of DRIVER_KEYS) {
      const from = base.start[key];
      const to = base.end[key];
      if (from !== to) drivers[key] = from + (to - from) * (BALANCE_RATIOS.has(key) ? balanceShare : share);
    }
    drivers.operating_revenue_yoy = fadedGrowth(base, terminalGrowth, index, years);
    drivers.Capex_to_Revenue_Ratio = linkedCapexRatio(drivers, drivers.operating_revenue_yoy);
    result.push(drivers);
  }
  return result;
}

/** driverBase + fadeDrivers in one call, for a history without continuity information. */
export function autoDrivers(
  history: readonly FinancialYearRow[],
  terminalGrowth: number,
  years: number = FORECAST_YEARS,
  context: DriverContext = {},
): Drivers[] {
  return fadeDrivers(driverBase(history, undefined, context), terminalGrowth, years);
}
