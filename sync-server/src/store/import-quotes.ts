import { type Database, transaction } from '../db/database.ts';
import type { ParsedQuote } from '../ingest/quotes/parse-quote-file.ts';
import { loadListedShares } from '../valuation/stored-inputs.ts';
import { markValuationsOwed } from './owed-valuations.ts';
import { type QuoteSource, type StoredQuotes, storeQuotes } from './quotes.ts';
import { refreshStoredVerdicts } from './stored-results.ts';

export interface ImportedQuotes extends StoredQuotes {
  /** Companies whose listed share count or close changed: their value is owed a revaluation. */
  readonly sharesChanged: string[];
}

/**
 * Stores one quote file's rows in one transaction (its rows become visible together, or not at all), for
 * the upload and `npm run seed:market` alike. A new 总股本 is the valuation's share count, so the companies
 * whose count moved are marked owed in the same transaction; the caller revalues them (owed-valuations.ts).
 * Every quoted company's stored verdict is read again against its new price.
 */
export function importQuotes(db: Database, quotes: readonly ParsedQuote[], source: QuoteSource): ImportedQuotes {
  return transaction(db, () => {
    const touched = new Set(quotes.map((quote) => quote.code));
    // The count and the close: the value per share divides by the one, the WACC's market weights read both.
    const listed = (code: string) => {
      const shares = loadListedShares(db, code);
      return shares ? `${shares.count}@${shares.price ?? ''}` : null;
    };
    const before = new Map([...touched].map((code) => [code, listed(code)]));
    const stored = storeQuotes(db, quotes, source);
    const sharesChanged = stored.companies.filter((code) => listed(code) !== before.get(code));
    markValuationsOwed(db, sharesChanged);
    refreshStoredVerdicts(db, stored.companies);
    return { ...stored, sharesChanged };
  });
}
