import { type MarketQuote, PEER_YEARS, type PeerFigures, peerFiguresOf, type ScreenerModel } from '@fcf/engine';
import {
  type IndustryComparisonView,
  type IndustryPeer,
  type IndustryStatistics,
  industryComparisonView,
  industryStatisticsOf,
  marketPeerFigures,
} from '@fcf/engine/report';
import { nextChangeSeq } from '../db/change-seq.ts';
import { type Database, transaction } from '../db/database.ts';
import { invalidates } from '../db/invalidations.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import type { CompanyRecord } from './companies.ts';
import { loadLatestAnnualStatements } from './statements.ts';

/**
 * 行业对比's stored side. Each company's figures are worked out when its statements change (one company's
 * statements, in the write's transaction); an industry's statistics are rebuilt from those small rows, the
 * screener models and the quotes when something in it changed (rebuildStaleIndustries, when the unit of
 * work that marked it ends: see db/invalidations.ts). A request reads one statistics row and the company's
 * own row: nothing over the industry.
 */

/** Marks the industries of these companies for a rebuild (call in the write's transaction). */
export function markCompaniesStale(db: Database, codes: readonly string[]): void {
  invalidates('industry-statistics');
  for (const code of codes) {
    execute(
      db,
      'INSERT OR IGNORE INTO stale_industries (industry) SELECT industry FROM companies WHERE code = ?',
      code,
    );
  }
}

/** Marks an industry for a rebuild (call in the write's transaction). */
export function markIndustryStale(db: Database, industry: string): void {
  invalidates('industry-statistics');
  execute(db, 'INSERT OR IGNORE INTO stale_industries (industry) VALUES (?)', industry);
}

/**
 * Works out a company's figures from its stored statements and marks its industry (call in the transaction
 * that changed them). A company without an annual revenue has no row.
 */
export function refreshPeerFigures(db: Database, company: CompanyRecord): void {
  // Peers compare the latest annual reports (docs/model.md section 3): the interim ones are not read, nor older years.
  const figures = peerFiguresOf(loadLatestAnnualStatements(db, company, PEER_YEARS), company.industry);
  if (figures) {
    execute(
      db,
      `INSERT INTO peer_figures (company_code, figures_json) VALUES (?, ?)
       ON CONFLICT (company_code) DO UPDATE SET figures_json = excluded.figures_json`,
      company.code,
      JSON.stringify(figures),
    );
  } else execute(db, 'DELETE FROM peer_figures WHERE company_code = ?', company.code);
  markIndustryStale(db, company.industry);
}

/** Companies with statements but no figures yet (a database from before 行业对比 was stored). */
export function companiesWithoutPeerFigures(db: Database): CompanyRecord[] {
  return queryAll<CompanyRecord>(
    db,
    `SELECT c.code, c.name, c.industry FROM companies c WHERE c.deleted = 0
     AND NOT EXISTS (SELECT 1 FROM peer_figures p WHERE p.company_code = c.code)
     AND EXISTS (SELECT 1 FROM statement_values s WHERE s.company_code = c.code AND s.deleted = 0)
     ORDER BY c.code`,
  );
}

export interface PeerRow {
  readonly code: string;
  readonly figures_json: string;
  readonly model_json: string | null;
  readonly price: number | null;
  readonly date: string | null;
  readonly market_cap: number | null;
  readonly shares: number | null;
}

const PEER_SELECT = `SELECT c.code, p.figures_json, s.model_json, q.price, q.date, q.market_cap, q.shares
  FROM companies c JOIN peer_figures p ON p.company_code = c.code
  LEFT JOIN screener_models s ON s.company_code = c.code AND s.deleted = 0
  LEFT JOIN quotes q ON q.company_code = c.code AND q.deleted = 0`;

/**
 * Each company's peer as last worked out, with the row and day it came from. An edit of one company rebuilds its
 * industry's statistics and the industries' answer, which place every company of the industry or the market
 * again: every other company's row is the same, so its peer is taken as it was rather than parsed again (some
 * 40 ms a build over the whole market). A peer is a pure function of its row and day, so a row that differs in
 * any field, or another day, is worked out again; whichever database it came from. One entry a company code
 * (about 3 KB each: some 10–15 MB for the whole market), never dropped.
 */
const lastPeers = new Map<string, { readonly row: PeerRow; readonly today: string; readonly peer: IndustryPeer }>();

function samePeerRow(one: PeerRow, other: PeerRow): boolean {
  return (
    one.figures_json === other.figures_json &&
    one.model_json === other.model_json &&
    one.price === other.price &&
    one.date === other.date &&
    one.market_cap === other.market_cap &&
    one.shares === other.shares
  );
}

/** A company of the industry with the market's multiples of its latest quote (when it has a quote and a value). */
function peerOf(row: PeerRow, today: string): IndustryPeer {
  const last = lastPeers.get(row.code);
  if (last && last.today === today && samePeerRow(last.row, row)) return last.peer;
  const peer = workedOutPeer(row, today);
  lastPeers.set(row.code, { row, today, peer });
  return peer;
}

function workedOutPeer(row: PeerRow, today: string): IndustryPeer {
  const figures = JSON.parse(row.figures_json) as PeerFigures;
  const quote: MarketQuote | null =
    row.price !== null && row.date !== null
      ? { price: row.price, date: row.date, market_cap: row.market_cap, shares: row.shares }
      : null;
  const model = row.model_json === null ? null : (JSON.parse(row.model_json) as ScreenerModel);
  return { ...figures, ...marketPeerFigures(quote, model, today) };
}

/**
 * Rebuilds the statistics of every industry marked stale, each in its own short transaction (so a write
 * waits at most for one industry). `today` ('YYYY-MM-DD') dates the quotes. Returns the industries rebuilt.
 */
export function rebuildStaleIndustries(db: Database, today: string): string[] {
  const stale = queryAll<{ industry: string }>(db, 'SELECT industry FROM stale_industries ORDER BY industry');
  for (const { industry } of stale) {
    // IMMEDIATE: it writes after reading, and a read lock cannot wait to become a write lock.
    transaction(db, () => {
      const peers = queryAll<PeerRow>(db, `${PEER_SELECT} WHERE c.industry = ? AND c.deleted = 0`, industry).map(
        (row) => peerOf(row, today),
      );
      // Answers cached by change sequence (bundles, report views) carry the comparison: move it on.
      const seq = nextChangeSeq(db, 'no-page');
      if (peers.length === 0) execute(db, 'DELETE FROM industry_statistics WHERE industry = ?', industry);
      else {
        execute(
          db,
          `INSERT INTO industry_statistics (industry, statistics_json, built_seq, computed_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (industry) DO UPDATE SET statistics_json = excluded.statistics_json,
             built_seq = excluded.built_seq, computed_at = excluded.computed_at`,
          industry,
          JSON.stringify(industryStatisticsOf(industry, peers)),
          seq,
          new Date().toISOString(),
        );
      }
      execute(db, 'DELETE FROM stale_industries WHERE industry = ?', industry);
    });
  }
  return stale.map((row) => row.industry);
}

/** Whether some industry waits for a rebuild. */
export function hasStaleIndustries(db: Database): boolean {
  return queryOne<{ n: number }>(db, 'SELECT 1 AS n FROM stale_industries LIMIT 1') !== undefined;
}

/** Parsed statistics by database and industry, kept while their build time stays the same. */
const parsed = new WeakMap<Database, Map<string, { builtSeq: number; statistics: IndustryStatistics }>>();

/**
 * The industry's stored statistics, or null before they are built. The JSON of a large industry (制造业:
 * every metric of ~2,500 companies) is parsed once per build, not per request.
 */
export function readIndustryStatistics(db: Database, industry: string): IndustryStatistics | null {
  const stamp = queryOne<{ built_seq: number }>(
    db,
    'SELECT built_seq FROM industry_statistics WHERE industry = ?',
    industry,
  );
  if (!stamp) return null;
  const byIndustry = parsed.get(db) ?? new Map();
  parsed.set(db, byIndustry);
  const cached = byIndustry.get(industry);
  if (cached && cached.builtSeq === stamp.built_seq) return cached.statistics;
  const row = queryOne<{ statistics_json: string; built_seq: number }>(
    db,
    'SELECT statistics_json, built_seq FROM industry_statistics WHERE industry = ?',
    industry,
  );
  if (!row) return null;
  const statistics = JSON.parse(row.statistics_json) as IndustryStatistics;
  byIndustry.set(industry, { builtSeq: row.built_seq, statistics });
  return statistics;
}

/**
 * The company's place in its industry, read from the stored statistics and its own row (plus its own latest
 * quote against its own model: one company's arithmetic). Null before the industry's statistics exist.
 */
export function readIndustryComparison(
  db: Database,
  company: CompanyRecord,
  today: string,
  statistics: IndustryStatistics | null = readIndustryStatistics(db, company.industry),
): IndustryComparisonView | null {
  if (!statistics) return null;
  return industryComparisonOf(
    company,
    queryOne<PeerRow>(db, `${PEER_SELECT} WHERE c.code = ?`, company.code),
    today,
    statistics,
  );
}

/** The same for many companies: their own rows, for codes in [first, last], read in one query. */
export function peerRowsBetween(db: Database, first: string, last: string): ReadonlyMap<string, PeerRow> {
  const rows = queryAll<PeerRow>(db, `${PEER_SELECT} WHERE c.code BETWEEN ? AND ?`, first, last);
  return new Map(rows.map((row) => [row.code, row]));
}

/** The company's place in its industry from its own row (`peerRowsBetween`) and its industry's statistics. */
export function industryComparisonOf(
  company: CompanyRecord,
  own: PeerRow | undefined,
  today: string,
  statistics: IndustryStatistics | null,
): IndustryComparisonView | null {
  if (!statistics) return null;
  return industryComparisonView(company, own ? peerOf(own, today) : null, statistics);
}
