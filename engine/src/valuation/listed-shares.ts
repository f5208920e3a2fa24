import type { ListedShares } from './shares.ts';

/** A quote snapshot as far as the share count goes: its date and its 总股本 (亿股) when its file had one. */
export interface ShareSnapshot {
  /** 'YYYY-MM-DD'. */
  readonly date: string;
  readonly shares: number | null;
  /** The snapshot's close (元), when it carries one: the market cap of the WACC's weights. */
  readonly price?: number | null;
}

const counted = (snapshot: ShareSnapshot): number | null =>
  typeof snapshot.shares === 'number' && Number.isFinite(snapshot.shares) && snapshot.shares > 0
    ? snapshot.shares
    : null;

/** The snapshot's close, where it has one (the WACC's market cap reads it). */
const closeOf = (snapshot: ShareSnapshot): { price?: number } =>
  typeof snapshot.price === 'number' && snapshot.price > 0 ? { price: snapshot.price } : {};

/**
 * The listed share count a valuation takes (docs/model.md section 6), chosen from what the server and the
 * device both hold: the company's latest quote (the synced `quotes` row) and its year-end snapshots (the
 * company bundle's `year_end_quotes`). The latest quote's 总股本; else the 总股本 of the newest year-end
 * snapshot of an earlier year than the latest quote's (that year's own year-end snapshot is the latest quote
 * on the server, and may be an older copy of it on a device); else none, and the statements decide.
 *
 * A 总市值 is not turned into a count: printed to 0.01 亿元 it gives a count that moves with every price,
 * and each move would revalue the company and its screener row.
 */
export function listedSharesOf(
  latest: ShareSnapshot | null | undefined,
  yearEnd: readonly ShareSnapshot[] = [],
): ListedShares | null {
  const own = latest ? counted(latest) : null;
  if (latest && own !== null) return { count: own, date: latest.date, ...closeOf(latest) };
  const latestYear = latest ? latest.date.slice(0, 4) : null;
  let best: ListedShares | null = null;
  for (const snapshot of yearEnd) {
    const count = counted(snapshot);
    if (count === null || (latestYear !== null && snapshot.date.slice(0, 4) >= latestYear)) continue;
    if (!best || snapshot.date > best.date) best = { count, date: snapshot.date, ...closeOf(snapshot) };
  }
  return best;
}
