import { type Database, transaction } from './database.ts';
import { invalidates } from './invalidations.ts';
import { execute, queryAll, queryOne } from './query.ts';

/**
 * Takes the next value of the global change sequence. Call it inside the transaction that writes the
 * row, so the row and the counter commit together and a pull never sees a sequence number whose row is
 * not yet visible. The write thereby invalidates the views cached by sequence.
 */
export function nextChangeSeq(db: Database): number {
  invalidates('cached-views');
  const row = queryOne<{ seq: number }>(db, 'UPDATE change_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq');
  return (row as { seq: number }).seq;
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

/** The highest change_seq any row holds (one query; each table's change_seq index answers its part). */
export function highestStoredChangeSeq(db: Database): number {
  const parts = sequencedTables(db).map((table) => `SELECT max(change_seq) AS seq FROM "${table}"`);
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
    return { from, to };
  });
}
