import { netProfitOf } from '../../history/analytics.ts';
import { fromStatements, reportedYears } from '../../history/historical-rows.ts';
import { percentText, yearsText } from '../../message-format.ts';
import type { CompanyStatements, StatementYear } from '../../statements/items.ts';
import { resolveShares } from '../shares.ts';

/**
 * What the excess-return model reads from a company's statements or financial summaries (docs/model.md):
 * the ordinary shareholders' book equity and earnings, their ROE per year, and the normalised ROE.
 */

/** The normalised ROE is the mean of the latest this many reported years that have a ROE. */
export const NORMALISED_ROE_YEARS = 5;
/** Fewer years than this with a ROE is warned (`few_roe_years`). */
export const MIN_NORMALISED_ROE_YEARS = 3;
/**
 * The normalised ROE is kept within 0%…40%: a loss is not assumed to last forever (below 0 the equity would
 * be worth more wound up at book), and above 40% a few exceptional years would be capitalised for a decade.
 */
export const NORMALISED_ROE_BOUNDS = [0, 0.4] as const;
/** The explicit years over which ROE fades from its normalised to its sustainable level. */
export const EXCESS_RETURN_YEARS = 10;

/** Where a year's ROE comes from: the summary's weighted ROE, or earnings over average book equity. */
export type RoeSource = 'weighted_roe' | 'earnings';

export interface OrdinaryEquityYear {
  readonly year: number;
  /** Book equity of the ordinary shareholders at the year end; null when the year does not tell. */
  readonly book_equity: number | null;
  /** Earnings of the ordinary shareholders. */
  readonly earnings: number | null;
  readonly roe: number | null;
  readonly roe_source: RoeSource | null;
}

const finite = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) ? value : null;

/**
 * The ordinary shareholders' book equity at a year end (any one share count `shares` for the summary's per-share
 * figure): from the statements, 归母权益 less 其他权益工具 (perpetual bonds and preferred shares rank before
 * the ordinary shareholders); from a summary, 每股净资产 × shares (the summary's 归母权益 includes those
 * instruments, its 每股净资产 does not: 工商银行 2019, 6.93 元 = (26,761.86 − 2,061.32) 亿元 / 3,564.07 亿股); else
 * 归母权益 as it is.
 */
export function ordinaryBookEquity(year: StatementYear | undefined, shares: number): number | null {
  if (!year) return null;
  const parent = finite(year.parent_equity);
  const claims = finite(year.other_equity_instruments) ?? 0;
  if (fromStatements(year) && parent !== null) return parent - claims;
  const perShare = finite(year.book_value_per_share);
  if (perShare !== null && shares > 0) return perShare * shares;
  return parent === null ? null : parent - claims;
}

/**
 * The ordinary shareholders' earnings: 归母净利润, less what the holders of 其他权益工具 are paid where the
 * balance sheet carries such instruments — read from basic EPS (which excludes it) as EPS × shares, never
 * above 归母净利润 (a year's share issue makes the year-end count larger than EPS's weighted average).
 */
export function ordinaryEarnings(year: StatementYear | undefined, shares: number): number | null {
  const profit = netProfitOf(year);
  const claims = finite(year?.other_equity_instruments) ?? 0;
  const eps = finite(year?.eps_basic);
  if (profit !== null && claims > 0 && eps !== null && shares > 0) return Math.min(profit, eps * shares);
  return profit;
}

/** A year's own share count (its statements' or its EPS-implied one; 0 when none). */
const sharesOf = (year: StatementYear | undefined): number => (year ? resolveShares(year, null, null).count : 0);

/**
 * Each reported year's ordinary book equity, earnings and ROE: the summary's weighted ROE where reported
 * (it is the ordinary shareholders' and weighted by time), else earnings / average book equity (opening and
 * closing, or closing alone); null where the equity is not positive or the year does not tell.
 */
export function ordinaryEquityYears(statements: CompanyStatements): OrdinaryEquityYear[] {
  return reportedYears(statements).map((year) => {
    const source = statements.years[year];
    const shares = sharesOf(source);
    const book = ordinaryBookEquity(source, shares);
    const earnings = ordinaryEarnings(source, shares);
    const reported = finite(source?.weighted_roe_percent);
    if (reported !== null) {
      return { year, book_equity: book, earnings, roe: reported / 100, roe_source: 'weighted_roe' };
    }
    const previous = statements.years[year - 1];
    const opening = ordinaryBookEquity(previous, sharesOf(previous));
    const average = book === null ? null : opening === null ? book : (book + opening) / 2;
    const roe = average !== null && average > 0 && earnings !== null ? earnings / average : null;
    return { year, book_equity: book, earnings, roe, roe_source: roe === null ? null : 'earnings' };
  });
}

export interface NormalisedRoe {
  /** The mean of the years' ROE, before the bounds. */
  readonly mean: number;
  readonly value: number;
  readonly bounded: boolean;
  readonly years: readonly number[];
  /** How it was derived, in Chinese, for the page to disclose. */
  readonly note: string;
}

/** The mean ROE of the latest NORMALISED_ROE_YEARS reported years, within NORMALISED_ROE_BOUNDS; null without one. */
export function normalisedRoe(history: readonly OrdinaryEquityYear[]): NormalisedRoe | null {
  const recent = history.slice(-NORMALISED_ROE_YEARS).filter((entry) => entry.roe !== null);
  if (recent.length === 0) return null;
  const mean = recent.reduce((sum, entry) => sum + (entry.roe ?? 0), 0) / recent.length;
  const [low, high] = NORMALISED_ROE_BOUNDS;
  const value = Math.min(high, Math.max(low, mean));
  const years = recent.map((entry) => entry.year);
  const bound =
    value === mean ? '' : `，按取值范围 ${percentText(low, 0)}–${percentText(high, 0)} 取 ${percentText(value)}`;
  return { mean, value, bounded: value !== mean, years, note: `${yearsText(years)}年ROE的均值${bound}` };
}
