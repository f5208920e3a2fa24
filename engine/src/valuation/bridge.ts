import { ITEM_LABELS } from '../statements/item-labels.ts';
import {
  CASH_LIKE_ITEMS,
  type CompanyStatements,
  DEBT_LIKE_ITEMS,
  NON_CORE_ASSET_ITEMS,
  type StatementItem,
  type StatementYear,
} from '../statements/items.ts';
import { type AdminChoices, NO_ADMIN_CHOICES } from './admin-choices.ts';
import { type MinorityShare, minorityProfitShare, minorityShareNote, proRataShare } from './minority-share.ts';

/**
 * The items that turn enterprise value into equity value (亿元), as the DCF table lists them (docs/requirements.md#the-dcf-table): cash
 * (cash-like: 货币资金 + 交易性金融资产) and non-core assets are added, interest-bearing liabilities (every
 * debt-like claim, see DEBT_LIKE_ITEMS) and minority interest subtracted.
 */
export interface EquityBridge {
  readonly non_core_assets: number;
  readonly cash: number;
  readonly interest_bearing_liabilities: number;
  readonly minority_interest: number;
}

/** One step from enterprise value to equity value; signed (assets +, claims −). */
export interface BridgeLine {
  /** The statement item, 'enterprise_value' for the first line, or a total's name when only totals are known. */
  readonly item: StatementItem | keyof EquityBridge | 'enterprise_value';
  readonly label: string;
  readonly amount: number;
  /**
   * Minority interest valued pro rata (docs/model.md §7): the minorities' share of net profit, applied to
   * the equity value before minorities; the line's amount is that share of the running sum before it.
   */
  readonly profit_share?: number;
  /** The balance sheet's figure beside a line valued otherwise (minority interest at book). */
  readonly book_value?: number;
  /** How the line was valued, in Chinese, when it is not the balance sheet's figure. */
  readonly note?: string;
}

export const BRIDGE_TOTAL_LABELS: Readonly<Record<keyof EquityBridge | 'enterprise_value', string>> = {
  enterprise_value: '企业价值',
  cash: '现金及现金等价物',
  non_core_assets: '非核心资产',
  interest_bearing_liabilities: '有息负债',
  minority_interest: '少数股东权益',
};

const finite = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

export const OTHER_CURRENT_ASSETS_CASH_LIKE_NOTE = '管理员标记为类现金资产（理财产品等），计入现金';

/**
 * The equity bridge of a balance sheet, line by line and in total: every cash-like and non-core asset and
 * every debt-like claim it reports (其他流动资产 with the cash where `otherCurrentAssetsCashLike`), then minority interest — pro rata to the minorities' share of profit
 * when `minority` gives one (its amount then follows enterprise value: resolveBridgeLines), else at book
 * with a note saying why. The totals are sums of the same lines (minority interest at book until resolved).
 */
export function equityBridgeOf(
  latest: StatementYear,
  minority: MinorityShare | null = null,
  otherCurrentAssetsCashLike = false,
): { totals: EquityBridge; lines: BridgeLine[] } {
  const lines: BridgeLine[] = [];
  // Each total is summed with its lines (from 0, in the items' order, as sumOfItems sums them).
  let cash = addLines(lines, latest, CASH_LIKE_ITEMS, 1);
  // 其他流动资产 holds 理财 and prepaid taxes alike: cash-like only where an admin says so (AdminChoices).
  const other = latest.other_current_assets;
  if (otherCurrentAssetsCashLike && finite(other)) {
    lines.push({
      item: 'other_current_assets',
      label: ITEM_LABELS.other_current_assets,
      amount: other,
      note: OTHER_CURRENT_ASSETS_CASH_LIKE_NOTE,
    });
    cash += other;
  }
  const nonCoreAssets = addLines(lines, latest, NON_CORE_ASSET_ITEMS, 1);
  const debt = addLines(lines, latest, DEBT_LIKE_ITEMS, -1);
  const book = finite(latest.minority_interest) ? latest.minority_interest : null;
  if (book !== null) {
    const label = ITEM_LABELS.minority_interest;
    const share = proRataShare(minority);
    const note = minorityShareNote(minority, book);
    lines.push(
      share === null
        ? { item: 'minority_interest', label, amount: -book, book_value: book, note }
        : { item: 'minority_interest', label, amount: -book, profit_share: share, book_value: book, note },
    );
  }
  return {
    totals: { non_core_assets: nonCoreAssets, cash, interest_bearing_liabilities: debt, minority_interest: book ?? 0 },
    lines,
  };
}

/**
 * A company's bridge at its latest balance sheet, as every model reads it (the DCF, the story model and the
 * range): minority interest pro rata to the minorities' share of profit, 其他流动资产 as the admin says.
 */
export function companyBridgeOf(
  statements: CompanyStatements,
  latestYear: number,
  choices: AdminChoices | null | undefined,
): { totals: EquityBridge; lines: BridgeLine[]; minority: MinorityShare | null } {
  const minority = minorityProfitShare(statements, latestYear);
  const cashLike = (choices ?? NO_ADMIN_CHOICES).other_current_assets_cash_like;
  return { ...equityBridgeOf(statements.years[latestYear] ?? {}, minority, cashLike), minority };
}

/** Each reported item as a signed line; returns the items' (unsigned) sum, 0 when none is reported. */
function addLines(lines: BridgeLine[], latest: StatementYear, items: readonly StatementItem[], sign: 1 | -1): number {
  let total = 0;
  for (const item of items) {
    const value = latest[item];
    if (finite(value)) {
      lines.push({ item, label: ITEM_LABELS[item], amount: sign * value });
      total += value;
    }
  }
  return total;
}

/** The four totals at the latest balance sheet. */
export function equityBridge(latest: StatementYear): EquityBridge {
  return equityBridgeOf(latest).totals;
}

/** The bridge as four signed lines, for a caller that holds only the totals. */
export function bridgeLinesFromTotals(bridge: EquityBridge): BridgeLine[] {
  return [
    { item: 'non_core_assets', label: BRIDGE_TOTAL_LABELS.non_core_assets, amount: bridge.non_core_assets },
    { item: 'cash', label: BRIDGE_TOTAL_LABELS.cash, amount: bridge.cash },
    {
      item: 'interest_bearing_liabilities',
      label: BRIDGE_TOTAL_LABELS.interest_bearing_liabilities,
      amount: -bridge.interest_bearing_liabilities,
    },
    { item: 'minority_interest', label: BRIDGE_TOTAL_LABELS.minority_interest, amount: -bridge.minority_interest },
  ];
}

/**
 * The minorities' claim on an equity value before minorities (docs/model.md §7): their share of it when the
 * bridge values them pro rata (none of a value that is not positive), else `book`.
 */
export function minorityClaim(before: number, share: number | null | undefined, book: number): number {
  if (share === null || share === undefined) return book;
  return before > 0 ? share * before : 0;
}

/** A pro-rata line's amount: its share of the equity before it, signed. */
function proRataAmount(before: number, share: number): number {
  return -minorityClaim(before, share, 0);
}

/** Equity = EV + the signed lines, added in order (so the lines, EV first, sum to it exactly). */
export function equityFromLines(enterpriseValue: number, lines: readonly BridgeLine[]): number {
  let equity = enterpriseValue;
  for (const line of lines) {
    equity += line.profit_share === undefined ? line.amount : proRataAmount(equity, line.profit_share);
  }
  return equity;
}

/** The lines at an enterprise value: each pro-rata line's amount made (equityFromLines adds the same). */
export function resolveBridgeLines(enterpriseValue: number, lines: readonly BridgeLine[]): BridgeLine[] {
  let equity = enterpriseValue;
  return lines.map((line) => {
    const amount = line.profit_share === undefined ? line.amount : proRataAmount(equity, line.profit_share);
    equity += amount;
    return amount === line.amount ? line : { ...line, amount };
  });
}

/** The minorities' share of profit a bridge values them at, or null when they are at book (or absent). */
export function minorityProfitShareOf(lines: readonly BridgeLine[]): number | null {
  for (const line of lines) if (line.profit_share !== undefined) return line.profit_share;
  return null;
}
