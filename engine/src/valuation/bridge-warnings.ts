import { amountText, percentText } from '../message-format.ts';
import { ITEM_LABELS } from '../statements/item-labels.ts';
import { DEBT_LIKE_ITEMS, PARENT_EQUITY_LINE_ITEMS, type StatementYear } from '../statements/items.ts';
import type { ValuationWarning } from './warnings.ts';

/** A gap between parent equity and its lines above this share of parent equity is warned (docs/model.md §8). */
export const UNEXPLAINED_EQUITY_SHARE = 0.05;

/** The parent's equity lines the bridge reads besides 股本; these are subtracted, the others added. */
const SUBTRACTED_EQUITY_LINES: ReadonlySet<string> = new Set(['treasury_shares', 'unconfirmed_investment_loss']);

const finite = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

/**
 * 归属于母公司股东权益 less what its lines add up to (股本, 其他权益工具 and PARENT_EQUITY_LINE_ITEMS), or null
 * when the layout does not give the lines (no 股本 or no 未分配利润) or no positive parent equity.
 */
export function unexplainedParentEquity(latest: StatementYear): number | null {
  const parent = latest.parent_equity;
  if (!finite(parent) || !(parent > 0) || !finite(latest.share_capital) || !finite(latest.retained_earnings)) {
    return null;
  }
  let explained = latest.share_capital + (latest.other_equity_instruments ?? 0);
  for (const item of PARENT_EQUITY_LINE_ITEMS) {
    const value = latest[item];
    if (finite(value)) explained += SUBTRACTED_EQUITY_LINES.has(item) ? -value : value;
  }
  return parent - explained;
}

/**
 * What the balance sheet does not tell the equity bridge (docs/model.md §7): parent equity its lines do not
 * explain (perpetual bonds without a 其他权益工具 line are not deducted), and a debt-like line reported the
 * year before and not in the latest year (it drops out of the claims).
 */
export function bridgeWarnings(
  latestYear: number,
  latest: StatementYear,
  previous: StatementYear | null,
): ValuationWarning[] {
  const warnings: ValuationWarning[] = [];
  const gap = unexplainedParentEquity(latest);
  const parent = latest.parent_equity ?? 0;
  if (gap !== null && gap > UNEXPLAINED_EQUITY_SHARE * parent) {
    warnings.push({
      code: 'unexplained_equity',
      message:
        `${latestYear}年归属于母公司股东权益 ${amountText(parent)}，比股本、其他权益工具、资本公积、盈余公积、未分配利润等各项之和多 ` +
        `${amountText(gap)}（${percentText(gap / parent, 1)}）：差额可能是报表未单列的永续债等权益工具，估值未将其作为索取权扣除`,
      year: latestYear,
    });
  }
  // Only a balance sheet of the latest year can say a line is gone.
  if (!previous || !finite(latest.total_assets)) return warnings;
  for (const item of DEBT_LIKE_ITEMS) {
    const before = previous[item];
    if (!finite(before) || !(before > 0) || finite(latest[item])) continue;
    warnings.push({
      code: 'debt_line_vanished',
      message:
        `${latestYear}年报表未列报“${ITEM_LABELS[item]}”（${latestYear - 1}年为 ${amountText(before)}）：权益桥不再扣除此项；` +
        '若已偿还或并入其他有息负债科目则无碍，否则股权价值偏高',
      year: latestYear,
      item: ITEM_LABELS[item],
    });
  }
  return warnings;
}
