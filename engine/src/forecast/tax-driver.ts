import type { FinancialYearRow } from '../history/financial-row.ts';
import { DEFAULT_TAX_RATE } from '../history/historical-rows.ts';
import { ONE_OFF_SHARE, usableTaxRate } from '../history/one-off-tax.ts';
import { percentText, yearsText } from '../message-format.ts';
import { medianOf } from './driver-history.ts';

export { FORECAST_TAX_RATE_RANGE, ONE_OFF_SHARE, oneOffSharesOf } from '../history/one-off-tax.ts';

/** Fewer valid years than this and the forecast takes the statutory rate. */
export const MIN_TAX_RATE_YEARS = 2;
/** The reduced rate of a high and new technology enterprise (企业所得税法 art. 28), and of the western regions. */
export const HIGH_TECH_TAX_RATE = 0.15;
/**
 * Effective rates whose median lies below this (halfway between 15% and 25%) show the reduced rate: the
 * statutory rate the forecast migrates to is then 15%.
 */
export const HIGH_TECH_RATE_THRESHOLD = 0.2;
/** Tax losses carry forward five years (企业所得税法 art. 18). */
export const LOSS_CARRY_FORWARD_YEARS = 5;

export interface TaxDriver {
  /** The effective rate of the first forecast year. */
  readonly start: number;
  /** The statutory rate reached in the last forecast year (25%, or 15% where the history shows it). */
  readonly end: number;
  readonly years: number[];
  readonly note: string;
}

/**
 * The tax driver: from the mean effective rate of the window's usable years to the statutory rate by the
 * last forecast year. `oneOffs`: per year, |total profit − operating profit before financing| / total profit
 * (where it is known), which leaves a year of large one-offs out.
 */
export function taxDriver(rows: readonly FinancialYearRow[], oneOffs: ReadonlyMap<number, number>): TaxDriver {
  const rates: number[] = [];
  const years: number[] = [];
  const normalised: number[] = [];
  for (const row of rows) {
    const rate = usableTaxRate(row, oneOffs);
    if (rate !== null) {
      rates.push(rate);
      years.push(row.year);
    } else if (row.income_tax_to_total_profit !== null && (oneOffs.get(row.year) ?? 0) > ONE_OFF_SHARE) {
      normalised.push(row.year);
    }
  }
  if (rates.length < MIN_TAX_RATE_YEARS) {
    return {
      start: DEFAULT_TAX_RATE,
      end: DEFAULT_TAX_RATE,
      years: [],
      note: `可用的有效税率不足两年，按法定税率 ${percentText(DEFAULT_TAX_RATE, 0)}`,
    };
  }
  let sum = 0;
  for (const rate of rates) sum += rate;
  const start = sum / rates.length;
  const end = medianOf(rates) < HIGH_TECH_RATE_THRESHOLD ? HIGH_TECH_TAX_RATE : DEFAULT_TAX_RATE;
  const left = normalised.length > 0 ? `（${yearsText(normalised)}年非经常性损益占利润总额过半，不计入）` : '';
  return {
    start,
    end,
    years,
    note:
      `有效税率在 0–50% 之间的年份（${yearsText(years)}）的均值${left}，逐年过渡到第5年的法定税率 ${percentText(end, 0)}` +
      (end === HIGH_TECH_TAX_RATE ? '（历史有效税率显示适用高新技术企业等 15% 的优惠税率）' : ''),
  };
}

/**
 * Operating losses of the latest years not yet offset by later profits (亿元, ≥ 0): each loss (EBIT < 0)
 * is carried, each profit uses it up, over the last LOSS_CARRY_FORWARD_YEARS years.
 */
export function openingLossOf(history: readonly FinancialYearRow[]): number {
  let carried = 0;
  for (const row of history.slice(-LOSS_CARRY_FORWARD_YEARS)) {
    if (row.ebit === null) continue;
    carried = row.ebit < 0 ? carried - row.ebit : Math.max(0, carried - row.ebit);
  }
  return carried;
}
