import type { CompanyStatements } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { queryAll, queryOne } from '../db/query.ts';
import type { CompanyRecord } from './companies.ts';
import { figureRowsOf, statementFiguresBetween, statementFiguresOf, statementsFromRows } from './statements.ts';

/**
 * The statements of the pages of "离线下载全部", kept per company until its figures change. Reading and
 * merging them was two thirds of building a page (about 90,000 figures a page), and after one edit every
 * page is built again while one company's figures at most have changed.
 *
 * A company's figures are as they were while its rows' fingerprint is: every write to `statement_values`
 * (a new figure, a changed one, a removal, which marks the row deleted) takes a new change sequence number,
 * so the highest number and the count of its rows (deleted ones too) move with any change; its name is in
 * its statements too. Kept in memory per database (about 30 MB for the whole market's 4,000 companies).
 *
 * Comparing the fingerprints scans every figure of a page's companies (about a quarter of a second for the
 * whole market). While the highest change sequence number of the whole table stays the same, no figure has
 * changed: write transactions are serial and each takes a number above every one before, so a write that
 * commits later has the higher number. A company checked or read at that number is used as it is (an edit of a
 * forecast, a valuation run or a mark writes no figure, and every page is built again after it).
 */
interface Kept {
  readonly key: string;
  readonly statements: CompanyStatements;
  /** The table's highest change sequence number when the key was last compared (or the figures read). */
  checkedAt: number;
}

/** More companies than the whole market: past this (companies removed and added over time) all are dropped. */
const MOST_KEPT = 10_000;

const keptByDatabase = new WeakMap<Database, Map<string, Kept>>();

function keptOf(db: Database): Map<string, Kept> {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  return kept;
}

/** Each company's rows' fingerprint: the highest change sequence number and the count, deleted rows too. */
function fingerprintsBetween(db: Database, first: string, last: string): Map<string, string> {
  const rows = queryAll<{ company_code: string; seq: number; rows: number }>(
    db,
    `SELECT company_code, max(change_seq) AS seq, count(*) AS rows FROM statement_values
     WHERE company_code BETWEEN ? AND ? GROUP BY company_code`,
    first,
    last,
  );
  return new Map(rows.map((row) => [row.company_code, `${row.seq}:${row.rows}`]));
}

/** The highest change sequence number of any figure (an index lookup): it moves with every write of one. */
function figuresStamp(db: Database): number {
  return queryOne<{ seq: number | null }>(db, 'SELECT max(change_seq) AS seq FROM statement_values')?.seq ?? 0;
}

/**
 * The statements of `companies` (code order), as `loadCompanyStatements` reads them: those kept since their
 * figures last changed, the others read (one read for all of them) and kept. Call it inside the transaction
 * the rest of their data is read in, so all is of one state.
 */
export function statementsOfCompanies(
  db: Database,
  companies: readonly CompanyRecord[],
): Map<string, CompanyStatements> {
  const statements = new Map<string, CompanyStatements>();
  const first = companies[0]?.code;
  const last = companies[companies.length - 1]?.code;
  if (first === undefined || last === undefined) return statements;
  const kept = keptOf(db);
  const stamp = figuresStamp(db);
  // Kept and checked at this stamp: no figure of the table changed since. The rest are compared.
  const unchecked = companies.filter((company) => {
    const hit = kept.get(company.code);
    if (hit?.checkedAt !== stamp || hit.statements.name !== company.name) return true;
    statements.set(company.code, hit.statements);
    return false;
  });
  if (unchecked.length === 0) return statements;
  const fingerprints = fingerprintsBetween(db, first, last);
  const missing: { readonly company: CompanyRecord; readonly key: string }[] = [];
  for (const company of unchecked) {
    const key = `${company.name}\u0000${fingerprints.get(company.code) ?? 'none'}`;
    const hit = kept.get(company.code);
    if (hit?.key === key) {
      hit.checkedAt = stamp;
      statements.set(company.code, hit.statements);
    } else missing.push({ company, key });
  }
  if (missing.length === 0) return statements;
  const figures =
    missing.length === companies.length
      ? statementFiguresBetween(db, first, last)
      : statementFiguresOf(
          db,
          missing.map(({ company }) => company.code),
        );
  if (kept.size + missing.length > MOST_KEPT) kept.clear();
  for (const { company, key } of missing) {
    const read = statementsFromRows(company, figureRowsOf(figures.get(company.code)));
    kept.set(company.code, { key, statements: read, checkedAt: stamp });
    statements.set(company.code, read);
  }
  return statements;
}
