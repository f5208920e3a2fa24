import { type Database, transaction } from './database.ts';
import { invalidates } from './invalidations.ts';
import { execute, queryAll, queryOne } from './query.ts';

/**
 * What a write moves of the pages of "离线下载全部" (each company's bundle but for its 行业对比, which is answered
 * apart): every page (the default: a platform setting, a rate, the list of companies, anything not named
 * below), one company's (its overrides, inputs, marks), or none (valuation results, industry statistics,
 * screener rows, watchlists, scenarios, menus, PDFs: no page holds them).
 */
export type PageScope = 'every-page' | 'no-page' | { readonly company: string };

/** The scope under which a write that moved every page is kept in `page_data_seq`. */
const EVERY_PAGE_SCOPE = '*';

/**
 * Takes the next value of the global change sequence. Call it inside the transaction that writes the
 * row, so the row and the counter commit together and a pull never sees a sequence number whose row is
 * not yet visible. The write thereby invalidates the views cached by sequence; `scope` says which pages of
 * bundles it moves (`pageDataSeq`), every page unless the caller knows better.
 */
export function nextChangeSeq(db: Database, scope: PageScope = 'every-page'): number {
  invalidates('cached-views');
  const row = queryOne<{ seq: number }>(db, 'UPDATE change_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq');
  const seq = (row as { seq: number }).seq;
  if (scope !== 'no-page') movePageData(db, scope === 'every-page' ? EVERY_PAGE_SCOPE : scope.company, seq);
  return seq;
}

/** Records that the write numbered `seq` moved the page data under `scope` (a company code, or '*'); never back. */
function movePageData(db: Database, scope: string, seq: number): void {
  execute(
    db,
    `INSERT INTO page_data_seq (scope, seq) VALUES (?, ?)
     ON CONFLICT (scope) DO UPDATE SET seq = max(seq, excluded.seq)`,
    scope,
    seq,
  );
}

/**
 * The change sequence of the last write that moved the page data of a company with a code in [first, last], or
 * of every company: a page of those companies built at this number is still what they hold. ('*' sorts before
 * every code, so the range never meets it.)
 */
export function pageDataSeq(db: Database, first: string, last: string): number {
  const row = queryOne<{ seq: number | null }>(
    db,
    `SELECT max(seq) AS seq FROM (
       SELECT seq FROM page_data_seq WHERE scope = ?
       UNION ALL SELECT max(seq) FROM page_data_seq WHERE scope BETWEEN ? AND ?)`,
    EVERY_PAGE_SCOPE,
    first,
    last,
  );
  return row?.seq ?? 0;
}

export function currentChangeSeq(db: Database): number {
  return queryOne<{ seq: number }>(db, 'SELECT seq FROM change_counter WHERE id = 1')?.seq ?? 0;
}

/** The tables whose rows carry a change_seq (every synced table), read from the schema itself. */
function sequencedTables(db: Database): string[] {
  return queryAll<{ name: string }>(
    db,
    `SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
     WHERE m.type = 'table' AND p.name = 'change_seq' ORDER BY m.name`,
  ).map((row) => row.name);
}

/**
 * The highest change sequence number any row holds (one query; each table's change_seq index answers its
 * part), `page_data_seq` too: a write that leaves its number on no other row (a deletion) leaves it there.
 */
export function highestStoredChangeSeq(db: Database): number {
  const parts = sequencedTables(db).map((table) => `SELECT max(change_seq) AS seq FROM "${table}"`);
  parts.push('SELECT max(seq) AS seq FROM page_data_seq');
  if (parts.length === 0) return 0;
  return queryOne<{ seq: number | null }>(db, `SELECT max(seq) AS seq FROM (${parts.join(' UNION ALL ')})`)?.seq ?? 0;
}

export interface RaisedChangeSeq {
  readonly from: number;
  readonly to: number;
}

/**
 * Raises the change counter to the highest sequence a row holds when it is behind (a counter lost or
 * edited while rows kept theirs). Handing a sequence number out again would hide the rows written with it
 * from every client whose pull cursor already passed it (docs/sync.md), so the counter never goes back.
 * Checked at every start; answers what it raised, or undefined when the counter was not behind.
 */
export function keepChangeSeqAhead(db: Database): RaisedChangeSeq | undefined {
  return transaction(db, () => {
    const from = currentChangeSeq(db);
    const to = highestStoredChangeSeq(db);
    if (to <= from) return undefined;
    execute(db, 'UPDATE change_counter SET seq = ? WHERE id = 1', to);
    // Rows were written past the counter, by no write path that said what it moved: every page is stale.
    movePageData(db, EVERY_PAGE_SCOPE, to);
    return { from, to };
  });
}
