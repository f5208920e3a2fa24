import type { StoredScenario } from '@fcf/engine/sync';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

/**
 * Users' valuation scenarios, a synced table owned per user (docs/sync.md): rows keyed by the lower-case
 * username and the scenario's id. Call each write inside a transaction.
 */

const owner = (username: string) => username.toLowerCase();

/** A stored scenario's company, model and whether it is live (undefined: the id was never used by this user). */
export function scenarioRecord(
  db: Database,
  username: string,
  id: string,
): { readonly company_code: string; readonly model: string; readonly deleted: number } | undefined {
  return queryOne(
    db,
    'SELECT company_code, model, deleted FROM scenarios WHERE username = ? AND id = ?',
    owner(username),
    id,
  );
}

/** How many live scenarios the user keeps: for one company, and in all. */
export function liveScenarioCounts(
  db: Database,
  username: string,
  company: string,
): { readonly company: number; readonly total: number } {
  const row = queryOne<{ company: number | null; total: number }>(
    db,
    `SELECT sum(company_code = ?) AS company, count(*) AS total FROM scenarios
     WHERE username = ? AND deleted = 0`,
    company,
    owner(username),
  );
  return { company: row?.company ?? 0, total: row?.total ?? 0 };
}

/** Writes the scenario (new, replacing the live one, or over its tombstone): one version more. */
export function putScenario(db: Database, username: string, scenario: StoredScenario, at: string): void {
  execute(
    db,
    `INSERT INTO scenarios (username, id, company_code, name, weight, model, inputs, change_seq, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (username, id) DO UPDATE SET company_code = excluded.company_code, name = excluded.name,
       weight = excluded.weight, model = excluded.model, inputs = excluded.inputs, deleted = 0,
       version = version + 1,
       change_seq = excluded.change_seq, updated_at = excluded.updated_at`,
    owner(username),
    scenario.id,
    scenario.company,
    scenario.name,
    scenario.weight,
    scenario.model,
    JSON.stringify(scenario.inputs),
    nextChangeSeq(db, 'no-page'),
    at,
  );
}

/**
 * Deletes a live scenario, leaving a tombstone without its name and inputs (they never travel again).
 * Nothing is written for one already deleted or never stored.
 */
export function deleteScenario(db: Database, username: string, id: string, at: string): void {
  if (scenarioRecord(db, username, id)?.deleted !== 0) return;
  execute(
    db,
    `UPDATE scenarios SET deleted = 1, name = '', weight = 0, inputs = '{}', version = version + 1,
       change_seq = ?, updated_at = ?
     WHERE username = ? AND id = ? AND deleted = 0`,
    nextChangeSeq(db, 'no-page'),
    at,
    owner(username),
    id,
  );
}
