import type { Database } from './database.ts';
import { queryOne } from './query.ts';

/**
 * Takes the next value of the global change sequence. Call it inside the transaction that writes the
 * row, so the row and the counter commit together and a pull never sees a sequence number whose row is
 * not yet visible.
 */
export function nextChangeSeq(db: Database): number {
  const row = queryOne<{ seq: number }>(db, 'UPDATE change_counter SET seq = seq + 1 WHERE id = 1 RETURNING seq');
  return (row as { seq: number }).seq;
}

export function currentChangeSeq(db: Database): number {
  return queryOne<{ seq: number }>(db, 'SELECT seq FROM change_counter WHERE id = 1')?.seq ?? 0;
}
