import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { waitUntilBelowLimit } from './attempt-window.ts';

/**
 * Login throttling that an attacker cannot turn against the owner. Failures are counted per (username,
 * address) and per address within 15 minutes; only those two ever refuse a login (429), so an attack on
 * `admin` from one address never locks `admin` out from another. Per username (from any address) the
 * answer only slows down, more with each failure and at most a few seconds, which makes guessing a
 * password from many addresses slow without ever refusing the right password.
 *
 * The failures live in the database, so every server instance counts the same.
 */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one username from one address before that pair waits out the window. */
const MAX_FAILURES_PER_USERNAME_AND_ADDRESS = 10;
/** Failures from one address, whatever the usernames, before the address waits out the window. */
const MAX_FAILURES_PER_ADDRESS = 30;
/** Failures for a username, from anywhere, before its logins are slowed. */
const FAILURES_BEFORE_DELAY = 5;
const FIRST_DELAY_MS = 250;
export const MAX_LOGIN_DELAY_MS = 4000;

export type LoginGate =
  | { readonly allowed: true; readonly delayMs: number }
  | { readonly allowed: false; readonly retryAfterMs: number };

/**
 * The slow-down after `failures` recent failures for a username: none for the first few, then 250 ms
 * doubling per failure, at most 4 s.
 *
 * @example
 * loginDelayMs(4);  // 0
 * loginDelayMs(5);  // 250
 * loginDelayMs(7);  // 1000
 * loginDelayMs(50); // 4000
 */
export function loginDelayMs(failures: number): number {
  if (failures < FAILURES_BEFORE_DELAY) return 0;
  const doublings = Math.min(failures - FAILURES_BEFORE_DELAY, 16);
  return Math.min(FIRST_DELAY_MS * 2 ** doublings, MAX_LOGIN_DELAY_MS);
}

const key = (username: string) => username.toLowerCase();

/** Whether a login for `username` from `address` may be checked now, and after how long a pause. */
export function loginGate(db: Database, username: string, address: string, nowMs = Date.now()): LoginGate {
  const byAddress = waitUntilBelowLimit(
    db,
    'SELECT at_ms FROM login_failures WHERE address = ?',
    [address],
    MAX_FAILURES_PER_ADDRESS,
    LOGIN_WINDOW_MS,
    nowMs,
  );
  const byPair = waitUntilBelowLimit(
    db,
    'SELECT at_ms FROM login_failures WHERE username = ? AND address = ?',
    [key(username), address],
    MAX_FAILURES_PER_USERNAME_AND_ADDRESS,
    LOGIN_WINDOW_MS,
    nowMs,
  );
  const wait = Math.max(byAddress, byPair);
  if (wait > 0) return { allowed: false, retryAfterMs: wait };
  const failures = queryOne<{ n: number }>(
    db,
    'SELECT count(*) AS n FROM login_failures WHERE username = ? AND at_ms > ?',
    key(username),
    nowMs - LOGIN_WINDOW_MS,
  );
  return { allowed: true, delayMs: loginDelayMs(failures?.n ?? 0) };
}

export function recordLoginFailure(db: Database, username: string, address: string, nowMs = Date.now()): void {
  execute(db, 'DELETE FROM login_failures WHERE at_ms <= ?', nowMs - LOGIN_WINDOW_MS);
  execute(db, 'INSERT INTO login_failures (username, address, at_ms) VALUES (?, ?, ?)', key(username), address, nowMs);
}

/**
 * After a successful login: that address's failures for the username are forgotten. Failures from other
 * addresses stay, so an attack elsewhere keeps being slowed and counted.
 */
export function clearLoginFailures(db: Database, username: string, address: string): void {
  execute(db, 'DELETE FROM login_failures WHERE username = ? AND address = ?', key(username), address);
}
