import type { Database } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';

/**
 * Marks companies whose valuation is owed (their statements or share count just changed). Call inside
 * the transaction of that write, so a crash before the revaluation leaves the mark for the next start.
 */
export function markValuationsOwed(db: Database, codes: Iterable<string>): void {
  for (const code of codes) {
    execute(db, 'INSERT INTO owed_valuations (company_code) VALUES (?) ON CONFLICT DO NOTHING', code);
  }
}

/** The company was valued (or refused) after its last change. Call in the transaction storing the outcome. */
export function clearOwedValuation(db: Database, code: string): void {
  execute(db, 'DELETE FROM owed_valuations WHERE company_code = ?', code);
}

/** The codes of the companies still owed a valuation. */
export function owedValuationCodes(db: Database): string[] {
  return queryAll<{ company_code: string }>(db, 'SELECT company_code FROM owed_valuations ORDER BY company_code').map(
    (row) => row.company_code,
  );
}
