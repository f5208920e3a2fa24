import type { UncertaintyRating, Verdict } from '../uncertainty/rating.ts';
import { type MarketQuote, priceAgainstValue, quoteAgeDays, STALE_QUOTE_DAYS } from './price-against-value.ts';
import type { ScreenerModel } from './screener.ts';
import { storedVerdict } from './stored-range.ts';

/**
 * One company of a user's watchlist (自选) as home and GET /api/user/watchlist show it: its latest price
 * against its value, each part null when the company has no quote or no value yet. The warnings are the
 * value's flags (negative equity value, …): a margin of safety on such a value means little.
 */
export interface WatchlistEntry {
  readonly code: string;
  readonly name: string;
  readonly added_at: string;
  readonly price: number | null;
  /** The quote's date 'YYYY-MM-DD'. */
  readonly date: string | null;
  /** The quote is older than STALE_QUOTE_DAYS (shown as 过期). */
  readonly stale: boolean;
  readonly value_per_share: number | null;
  /** value / price − 1. */
  readonly margin_of_safety: number | null;
  readonly warnings: readonly string[];
  /** The stored range's rating and the verdict of the latest price against it (docs/model.md 16). */
  readonly uncertainty_rating: UncertaintyRating | null;
  readonly verdict: Verdict | null;
}

/** The entry of one watched company from its stored model and latest quote (either may be missing). */
export function watchlistEntry(
  watched: { readonly code: string; readonly name: string; readonly added_at: string },
  model: ScreenerModel | null,
  quote: MarketQuote | null,
  today: string,
): WatchlistEntry {
  const base = { code: watched.code, name: model?.name ?? watched.name, added_at: watched.added_at };
  const valuePerShare = model?.valuePerShare ?? null;
  const warnings = model?.flags ?? [];
  const range = valuePerShare === null ? null : (model?.range ?? null);
  const rating = { uncertainty_rating: range?.rating ?? null };
  if (!quote) {
    return {
      ...base,
      price: null,
      date: null,
      stale: false,
      value_per_share: valuePerShare,
      margin_of_safety: null,
      warnings,
      ...rating,
      verdict: null,
    };
  }
  if (!model) {
    const stale = quoteAgeDays(quote.date, today) > STALE_QUOTE_DAYS;
    return {
      ...base,
      price: quote.price,
      date: quote.date,
      stale,
      value_per_share: null,
      margin_of_safety: null,
      warnings,
      ...rating,
      verdict: null,
    };
  }
  const market = priceAgainstValue(quote, model, today);
  return {
    ...base,
    price: market.price,
    date: market.date,
    stale: market.stale,
    value_per_share: market.value_per_share,
    margin_of_safety: market.margin_of_safety,
    warnings,
    ...rating,
    verdict: storedVerdict(market.price, range),
  };
}

/** Watched companies newest first (the order home and the API list them in). */
export function byNewestAdded<Entry extends { readonly added_at: string; readonly code: string }>(
  entries: readonly Entry[],
): Entry[] {
  return [...entries].sort((a, b) => b.added_at.localeCompare(a.added_at) || a.code.localeCompare(b.code));
}
