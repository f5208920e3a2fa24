import { percentText, sharesText } from '../message-format.ts';
import type { StatementYear } from '../statements/items.ts';

/** A listed share count from outside the statements: a quote snapshot's 总股本 (亿股) and its date. */
export interface ListedShares {
  readonly count: number;
  /** ISO date of the snapshot, 'YYYY-MM-DD'. */
  readonly date: string;
  /** The snapshot's close (元), when it has one: with the count, the market cap of the WACC's weights. */
  readonly price?: number | null;
}

/**
 * Where the share count comes from, best first: a person's entry; a listed count (quote snapshot); a
 * statement line 期末总股本; 股本 read at a par of 1 元 or 0.1 元; 归母净利润 / 基本每股收益.
 */
export const SHARE_SOURCES = [
  'manual',
  'listed',
  'statement',
  'share_capital',
  'share_capital_par_0_1',
  'eps_implied',
  'none',
] as const;
export type ShareSource = (typeof SHARE_SOURCES)[number];

export const SHARE_SOURCE_LABELS: Readonly<Record<ShareSource, string>> = {
  manual: '手动设置',
  listed: '行情快照总股本',
  statement: '报表期末总股本',
  share_capital: '股本（按面值1元折算）',
  share_capital_par_0_1: '股本（按面值0.1元折算）',
  eps_implied: '归母净利润 ÷ 基本每股收益',
  none: '缺失',
};

/** Sources differing by more than this are said to disagree. */
export const SHARE_DISAGREEMENT = 0.05;
/**
 * 股本 read at a par of 1 元 is taken for the count while it is within a factor of 2 of the EPS-implied
 * count: the gap is then the year's issues or buybacks (EPS divides by the year's weighted average) or the
 * perpetual bonds' coupons (EPS leaves them out of the profit: 华电国际 2019, 34.07 亿 / 0.29 元 = 117 亿 against
 * 98.6 亿 shares). Beyond that the par reading is wrong (a reverse merger's 股本, a par other than 1 元).
 */
export const PLAUSIBLE_PAR_FACTOR = 2;
/** EPS is published to 0.01 元, so it is known to ±0.005 元. */
export const EPS_ROUNDING = 0.005;

export interface ShareCount {
  /** 亿股; 0 when nothing gives a count. */
  readonly count: number;
  readonly source: ShareSource;
  readonly label: string;
  /** The snapshot's date when the count is a listed one. */
  readonly date: string | null;
  /**
   * Every count the data offers (all in 亿股), for the page to show beside the one taken; `share_capital` is
   * 股本 (亿元) read at a par of 1 元.
   */
  readonly candidates: {
    readonly listed: number | null;
    readonly statement: number | null;
    readonly share_capital: number | null;
    readonly eps_implied: number | null;
  };
  /** Why the count is not the plain reading of 股本 when the two disagree (Chinese), or null. */
  readonly disagreement: string | null;
}

const positive = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;

/** 归母净利润 / 基本每股收益, with the share of it that EPS rounding leaves uncertain. */
function epsImplied(latest: StatementYear): { count: number; tolerance: number } | null {
  const profit = latest.net_profit_parent;
  const eps = latest.eps_basic;
  if (profit === undefined || eps === undefined || !Number.isFinite(profit) || !Number.isFinite(eps)) return null;
  if (Math.abs(eps) < 2 * EPS_ROUNDING) return null;
  const count = positive(profit / eps);
  return count === null ? null : { count, tolerance: SHARE_DISAGREEMENT + EPS_ROUNDING / Math.abs(eps) };
}

/** The answer of resolveShares (a module function: every valuation resolves the count). */
function shareCount(
  count: number,
  source: ShareSource,
  candidates: ShareCount['candidates'],
  listed: ListedShares | null | undefined,
  disagreement: string | null = null,
): ShareCount {
  return {
    count,
    source,
    label: SHARE_SOURCE_LABELS[source],
    date: source === 'listed' ? (listed?.date ?? null) : null,
    candidates,
    disagreement,
  };
}

const within = (value: number, reference: number, tolerance: number) => Math.abs(value / reference - 1) <= tolerance;

/**
 * The share count of a valuation and where it comes from. Without a manual, listed or statement count,
 * 股本 (亿元) at a par of 1 元 is cross-checked against 归母净利润 / 基本每股收益: agreeing within 5% (plus
 * EPS rounding) it is the count; else 股本 at a par of 0.1 元 when that agrees (紫金矿业); else 股本 at 1 元
 * while within a factor of 2 (share changes during the year); else the EPS-implied count (分众传媒's
 * reverse-merger 股本 of 3.34 亿 against ≈144 亿 listed shares). Every case but the first says why.
 */
export function resolveShares(
  latest: StatementYear,
  manual: number | null,
  listed: ListedShares | null | undefined,
): ShareCount {
  const listedCount = positive(listed?.count);
  const statement = positive(latest.total_shares);
  const capital = positive(latest.share_capital);
  const implied = epsImplied(latest);
  const candidates = {
    listed: listedCount,
    statement,
    share_capital: capital,
    eps_implied: implied?.count ?? null,
  };
  if (manual !== null) return shareCount(manual, 'manual', candidates, listed);
  if (listedCount !== null) return shareCount(listedCount, 'listed', candidates, listed);
  if (statement !== null) return shareCount(statement, 'statement', candidates, listed);
  if (capital === null)
    return implied
      ? shareCount(implied.count, 'eps_implied', candidates, listed)
      : shareCount(0, 'none', candidates, listed);
  if (!implied || within(capital, implied.count, implied.tolerance))
    return shareCount(capital, 'share_capital', candidates, listed);

  const gap = `股本按面值1元折合 ${sharesText(capital)}，与归母净利润 ÷ 基本每股收益推算的 ${sharesText(implied.count)} 相差 ${percentText(Math.abs(capital / implied.count - 1), 0)}`;
  const atTenthPar = capital * 10;
  if (within(atTenthPar, implied.count, implied.tolerance)) {
    return shareCount(
      atTenthPar,
      'share_capital_par_0_1',
      candidates,
      listed,
      `${gap}；按面值0.1元折合 ${sharesText(atTenthPar)}，与之相符，采用后者`,
    );
  }
  const factor = capital / implied.count;
  if (factor <= PLAUSIBLE_PAR_FACTOR && factor >= 1 / PLAUSIBLE_PAR_FACTOR) {
    return shareCount(
      capital,
      'share_capital',
      candidates,
      listed,
      `${gap}；每股收益以年内加权平均股数计算，并扣除永续债等其他权益工具的股息，两倍以内的差异可由此而来，采用期末股本`,
    );
  }
  return shareCount(
    implied.count,
    'eps_implied',
    candidates,
    listed,
    `${gap}，股本不能代表股数（如反向收购或面值不为1元），采用推算股数`,
  );
}
