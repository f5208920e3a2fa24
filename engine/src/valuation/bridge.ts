import { ITEM_LABELS } from '../statements/item-labels.ts';
import {
  CASH_LIKE_ITEMS,
  DEBT_LIKE_ITEMS,
  NON_CORE_ASSET_ITEMS,
  type StatementItem,
  type StatementYear,
} from '../statements/items.ts';

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
}

export const BRIDGE_TOTAL_LABELS: Readonly<Record<keyof EquityBridge | 'enterprise_value', string>> = {
  enterprise_value: '企业价值',
  cash: '现金及现金等价物',
  non_core_assets: '非核心资产',
  interest_bearing_liabilities: '有息负债',
  minority_interest: '少数股东权益',
};

const finite = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

/**
 * The equity bridge of a balance sheet, line by line and in total: every cash-like and non-core asset and
 * every debt-like claim it reports, then minority interest. The totals are sums of the same lines.
 */
export function equityBridgeOf(latest: StatementYear): { totals: EquityBridge; lines: BridgeLine[] } {
  const lines: BridgeLine[] = [];
  // Each total is summed with its lines (from 0, in the items' order, as sumOfItems sums them).
  const cash = addLines(lines, latest, CASH_LIKE_ITEMS, 1);
  const nonCoreAssets = addLines(lines, latest, NON_CORE_ASSET_ITEMS, 1);
  const debt = addLines(lines, latest, DEBT_LIKE_ITEMS, -1);
  addLines(lines, latest, MINORITY_INTEREST_ITEMS, -1);
  return {
    totals: {
      non_core_assets: nonCoreAssets,
      cash,
      interest_bearing_liabilities: debt,
      minority_interest: finite(latest.minority_interest) ? latest.minority_interest : 0,
    },
    lines,
  };
}

const MINORITY_INTEREST_ITEMS: readonly StatementItem[] = ['minority_interest'];

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

/** Equity = EV + the signed lines, added in order (so the lines, EV first, sum to it exactly). */
export function equityFromLines(enterpriseValue: number, lines: readonly BridgeLine[]): number {
  let equity = enterpriseValue;
  for (const line of lines) equity += line.amount;
  return equity;
}
