import { QUOTE_FIGURES, type Quote } from '@fcf/engine/contract';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import type { ParsedQuote } from '../ingest/quotes/parse-quote-file.ts';
import { markCompaniesStale } from './industry-statistics.ts';

/**
 * Quote snapshots: every (company, date) is kept in quote_history; `quotes` (a synced table) holds each
 * company's latest, which is what the report, the screener and the share count use.
 */

const QUOTE_COLUMNS = QUOTE_FIGURES;

export interface StoredQuotes {
  /** Companies whose quote history gained or changed rows. */
  readonly companies: string[];
  /** Codes the platform has no company for: their rows are not stored. */
  readonly unknown: string[];
  /** Rows of known companies: stored, or already stored with the same figures. */
  readonly imported: number;
}

export interface QuoteSource {
  readonly filename: string;
  readonly uploadedBy: string | null;
}

type StoredFigures = Record<(typeof QUOTE_COLUMNS)[number], number | null>;

/** The snapshot of that company and date holds exactly these figures already. */
function sameSnapshot(db: Database, quote: ParsedQuote): boolean {
  const stored = queryOne<StoredFigures>(
    db,
    `SELECT ${QUOTE_COLUMNS.join(', ')} FROM quote_history WHERE company_code = ? AND date = ?`,
    quote.code,
    quote.date,
  );
  return stored !== undefined && QUOTE_COLUMNS.every((column) => stored[column] === quote[column]);
}

/**
 * Stores one file's quotes (call inside one transaction, so a file is all in or all out): each row
 * replaces the company's snapshot of that date, and the latest snapshot of each touched company is
 * copied to `quotes` when it changed. A row the history already holds with the same figures is left as
 * it is, so storing a file again changes nothing (its upload time included).
 */
export function storeQuotes(db: Database, quotes: readonly ParsedQuote[], source: QuoteSource): StoredQuotes {
  const known = new Set(
    queryAll<{ code: string }>(db, 'SELECT code FROM companies WHERE deleted = 0').map((row) => row.code),
  );
  const companies = new Set<string>();
  const unknown = new Set<string>();
  const now = new Date().toISOString();
  let imported = 0;
  for (const quote of quotes) {
    if (!known.has(quote.code)) {
      unknown.add(quote.code);
      continue;
    }
    imported++;
    if (sameSnapshot(db, quote)) continue;
    execute(
      db,
      `INSERT OR REPLACE INTO quote_history (company_code, date, ${QUOTE_COLUMNS.join(', ')},
         source_file, uploaded_by, uploaded_at) VALUES (?, ?, ${QUOTE_COLUMNS.map(() => '?').join(', ')}, ?, ?, ?)`,
      quote.code,
      quote.date,
      ...QUOTE_COLUMNS.map((column) => quote[column]),
      source.filename,
      source.uploadedBy,
      now,
    );
    companies.add(quote.code);
  }
  let latestMoved = false;
  for (const code of companies) latestMoved = refreshLatestQuote(db, code) || latestMoved;
  // A snapshot of an earlier date (a year-end close) changes the bundles' year-end quotes and PE估值 while the
  // latest quote stands: the data moved all the same, for the cached answers and the pages of bundles.
  if (companies.size > 0 && !latestMoved) nextChangeSeq(db);
  markCompaniesStale(db, [...companies]);
  return { companies: [...companies], unknown: [...unknown], imported };
}

type QuoteRow = StoredFigures & { date: string; price: number };

/**
 * Copies the company's latest snapshot to the synced `quotes` row when it differs from it; answers whether it
 * did (and so took a change sequence number).
 */
function refreshLatestQuote(db: Database, code: string): boolean {
  const latest = queryOne<QuoteRow>(
    db,
    `SELECT date, ${QUOTE_COLUMNS.join(', ')} FROM quote_history WHERE company_code = ? ORDER BY date DESC LIMIT 1`,
    code,
  );
  if (!latest) return false;
  const current = queryOne<QuoteRow & { deleted: number }>(
    db,
    `SELECT date, deleted, ${QUOTE_COLUMNS.join(', ')} FROM quotes WHERE company_code = ?`,
    code,
  );
  const same =
    current !== undefined &&
    current.deleted === 0 &&
    current.date === latest.date &&
    QUOTE_COLUMNS.every((column) => current[column] === latest[column]);
  if (same) return false;
  execute(
    db,
    `INSERT INTO quotes (company_code, date, ${QUOTE_COLUMNS.join(', ')}, change_seq)
     VALUES (?, ?, ${QUOTE_COLUMNS.map(() => '?').join(', ')}, ?)
     ON CONFLICT (company_code) DO UPDATE SET date = excluded.date,
       ${QUOTE_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')},
       change_seq = excluded.change_seq, version = version + 1, deleted = 0`,
    code,
    latest.date,
    ...QUOTE_COLUMNS.map((column) => latest[column]),
    nextChangeSeq(db),
  );
  return true;
}

/** The company's latest quote, or undefined when it has none. */
export function latestQuote(db: Database, code: string): Quote | undefined {
  const row = queryOne<QuoteRow>(
    db,
    `SELECT date, ${QUOTE_COLUMNS.join(', ')} FROM quotes WHERE company_code = ? AND deleted = 0`,
    code,
  );
  if (!row) return undefined;
  return { company: code, ...row };
}

/** Every company's latest quote. */
export function latestQuotes(db: Database): Quote[] {
  return queryAll<QuoteRow & { company_code: string }>(
    db,
    `SELECT company_code, date, ${QUOTE_COLUMNS.join(', ')} FROM quotes WHERE deleted = 0`,
  ).map(({ company_code, ...row }) => ({ company: company_code, ...row }));
}

export function countQuoteSnapshots(db: Database): number {
  return queryOne<{ n: number }>(db, 'SELECT count(*) AS n FROM quote_history')?.n ?? 0;
}

/** The quote history by trading date, newest first: how many companies each date holds, when last uploaded. */
export function quoteSnapshots(db: Database): { date: string; rows: number; uploaded_at: string }[] {
  return queryAll<{ date: string; rows: number; uploaded_at: string }>(
    db,
    `SELECT date, count(*) AS rows, max(uploaded_at) AS uploaded_at FROM quote_history
     GROUP BY date ORDER BY date DESC`,
  );
}
