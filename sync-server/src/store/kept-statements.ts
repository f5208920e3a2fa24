import type { CompanyStatements } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';
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
 */
interface Kept {
  readonly key: string;
  readonly statements: CompanyStatements;
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
  const fingerprints = fingerprintsBetween(db, first, last);
  const missing: { readonly company: CompanyRecord; readonly key: string }[] = [];
  for (const company of companies) {
    const key = `${company.name}\u0000${fingerprints.get(company.code) ?? 'none'}`;
    const hit = kept.get(company.code);
    if (hit?.key === key) statements.set(company.code, hit.statements);
    else missing.push({ company, key });
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
    kept.set(company.code, { key, statements: read });
    statements.set(company.code, read);
  }
  return statements;
}
