import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { queryOne } from '../db/query.ts';

/** The rows an import writes, counted with the change sequence: equal before and after a refused file. */
export function importCounts(db: Database) {
  const count = (table: string) => queryOne<{ n: number }>(db, `SELECT count(*) AS n FROM ${table}`)?.n ?? Number.NaN;
  return {
    change_seq: currentChangeSeq(db),
    companies: count('companies'),
    statement_values: count('statement_values'),
    uploaded_files: count('uploaded_files'),
  };
}
