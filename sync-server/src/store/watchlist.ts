import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';

/** Users' watchlists (自选), a synced table owned per user: rows keyed by lower-case username and code. */

export interface WatchedCompany {
  readonly code: string;
  readonly name: string;
  readonly added_at: string;
}

const owner = (username: string) => username.toLowerCase();

/**
 * Puts the company on the user's list (call inside a transaction). Already there: nothing is written, so
 * its date stays and the change sequence does not move.
 */
export function addToWatchlist(db: Database, username: string, company: string, at: string): void {
  const current = queryOne<{ deleted: number }>(
    db,
    'SELECT deleted FROM watchlist WHERE username = ? AND company_code = ?',
    owner(username),
    company,
  );
  if (current?.deleted === 0) return;
  execute(
    db,
    `INSERT INTO watchlist (username, company_code, added_at, change_seq) VALUES (?, ?, ?, ?)
     ON CONFLICT (username, company_code) DO UPDATE SET added_at = excluded.added_at, deleted = 0,
       version = version + 1, change_seq = excluded.change_seq`,
    owner(username),
    company,
    at,
    nextChangeSeq(db, 'no-page'),
  );
}

/** Takes the company off the user's list, leaving a tombstone (call inside a transaction). */
export function removeFromWatchlist(db: Database, username: string, company: string): void {
  const current = queryOne<{ deleted: number }>(
    db,
    'SELECT deleted FROM watchlist WHERE username = ? AND company_code = ?',
    owner(username),
    company,
  );
  if (current?.deleted !== 0) return;
  execute(
    db,
    `UPDATE watchlist SET deleted = 1, version = version + 1, change_seq = ?
     WHERE username = ? AND company_code = ? AND deleted = 0`,
    nextChangeSeq(db, 'no-page'),
    owner(username),
    company,
  );
}

/** The user's watched companies that still exist, newest first. */
export function listWatchlist(db: Database, username: string): WatchedCompany[] {
  return queryAll<WatchedCompany>(
    db,
    `SELECT w.company_code AS code, c.name AS name, w.added_at AS added_at FROM watchlist w
     JOIN companies c ON c.code = w.company_code AND c.deleted = 0
     WHERE w.username = ? AND w.deleted = 0 ORDER BY w.added_at DESC, w.company_code`,
    owner(username),
  );
}
