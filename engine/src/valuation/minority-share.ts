import { AUTO_DRIVER_WINDOW } from '../forecast/driver-history.ts';
import { percentText, yearsText } from '../message-format.ts';
import type { CompanyStatements } from '../statements/items.ts';

/** The minorities' share of the group's profit, and the years it is the mean of (docs/model.md §7). */
export interface MinorityShare {
  /** Mean of 少数股东损益 ÷ 净利润 over `years`, at most 1 (below 0 where the minorities lost money). */
  readonly share: number;
  readonly years: readonly number[];
}

const finite = (value: number | undefined): value is number => value !== undefined && Number.isFinite(value);

/**
 * 少数股东损益 ÷ 净利润, the mean over the latest three years up to `latestYear` that report both with a
 * positive net profit (a loss gives no share to speak of), at most 1; null when no year does. The bridge
 * values minorities pro rata only when it is positive (`proRataShare`).
 */
export function minorityProfitShare(statements: CompanyStatements, latestYear: number): MinorityShare | null {
  const years: number[] = [];
  let sum = 0;
  for (let year = latestYear; year >= latestYear - 30 && years.length < AUTO_DRIVER_WINDOW; year--) {
    const figures = statements.years[year];
    const net = figures?.net_profit;
    const minority = figures?.minority_profit;
    if (!finite(net) || !finite(minority) || !(net > 0)) continue;
    years.unshift(year);
    sum += minority / net;
  }
  if (years.length === 0) return null;
  return { share: Math.min(1, sum / years.length), years };
}

/**
 * The share the bridge values minority interest at, or null to keep it at book: minorities that lost money
 * on the mean still hold their capital (*our choice*, docs/model.md §7), so not pro rata at nothing.
 */
export function proRataShare(minority: MinorityShare | null): number | null {
  return minority !== null && minority.share > 0 ? minority.share : null;
}

/** How the bridge values minority interest, in Chinese, with its book value beside. */
export function minorityShareNote(minority: MinorityShare | null, book: number): string {
  const bookText = `账面值 ${book.toFixed(2)}`;
  if (minority === null) return `按账面值（缺少少数股东损益与净利润，无法按利润占比估值）`;
  if (proRataShare(minority) === null) {
    return `按账面值（少数股东损益占净利润 ${percentText(minority.share, 1)}（${yearsText(minority.years)} 均值）不为正）`;
  }
  return (
    `= 少数股东损益占净利润 ${percentText(minority.share, 1)}（${yearsText(minority.years)} 均值）` +
    ` × 扣除少数股东权益前的股权价值；${bookText}`
  );
}
