import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

/** DESIGN.md §4: after 10 failures for one username, or 30 from one address, within 15 minutes → 429. */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

export function isLoginThrottled(db: Database, username: string, address: string, nowMs = Date.now()): boolean {
  const since = nowMs - LOGIN_WINDOW_MS;
  const byName = queryOne<{ n: number }>(
    db,
    'SELECT count(*) AS n FROM login_failures WHERE username = ? AND at_ms > ?',
    username.toLowerCase(),
    since,
  );
  if ((byName?.n ?? 0) >= MAX_FAILURES_PER_USERNAME) return true;
  const byAddress = queryOne<{ n: number }>(
    db,
    'SELECT count(*) AS n FROM login_failures WHERE address = ? AND at_ms > ?',
    address,
    since,
  );
  return (byAddress?.n ?? 0) >= MAX_FAILURES_PER_ADDRESS;
}

export function recordLoginFailure(db: Database, username: string, address: string, nowMs = Date.now()): void {
  execute(db, 'DELETE FROM login_failures WHERE at_ms <= ?', nowMs - LOGIN_WINDOW_MS);
  execute(
    db,
    'INSERT INTO login_failures (username, address, at_ms) VALUES (?, ?, ?)',
    username.toLowerCase(),
    address,
    nowMs,
  );
}

export function clearLoginFailures(db: Database, username: string): void {
  execute(db, 'DELETE FROM login_failures WHERE username = ?', username.toLowerCase());
}
