import { type Database, transaction } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { waitUntilBelowLimit } from './attempt-window.ts';

/**
 * Login throttling that an attacker cannot race and cannot turn against the owner (docs/operations.md,
 * "Accounts and throttles").
 *
 * Each attempt is written before its password is checked, in the one transaction that decides whether it
 * may be checked: attempts sent together are counted one after another, and those past a limit are
 * refused (429) without a password check. An attempt counts as a failure until its password proves right.
 *
 * Only two counts ever refuse, both within 15 minutes: 10 for one username from one address, and 30 from
 * one address whatever the usernames (not for a username that signed in from that address lately, so
 * strangers behind the same NAT or proxy do not lock its users out). Per username from any address the
 * answer only slows down, more with each failure and at most a few seconds: the owner, from another
 * address, always gets in. The rows live in the database, so every server instance counts the same.
 */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures for one username from one address before that pair waits out the window. */
export const MAX_FAILURES_PER_USERNAME_AND_ADDRESS = 10;
/** Failures from one address, whatever the usernames, before the address waits out the window. */
export const MAX_FAILURES_PER_ADDRESS = 30;
/** A username that signed in from an address within this time is not held by that address's limit. */
const KNOWN_SIGN_IN_MS = 30 * 24 * 60 * 60 * 1000;
/** Failures for a username, from anywhere, before its logins are slowed. */
const FAILURES_BEFORE_DELAY = 5;
const FIRST_DELAY_MS = 250;
export const MAX_LOGIN_DELAY_MS = 4000;

/** An attempt taken: check the password after `delayMs`, then settle it with `attemptId`. */
export type LoginGate =
  | { readonly allowed: true; readonly attemptId: number; readonly delayMs: number }
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

function isKnownSignIn(db: Database, username: string, address: string, nowMs: number): boolean {
  const row = queryOne<{ at_ms: number }>(
    db,
    'SELECT at_ms FROM known_sign_ins WHERE username = ? AND address = ?',
    username,
    address,
  );
  return row !== undefined && row.at_ms > nowMs - KNOWN_SIGN_IN_MS;
}

/**
 * Takes one login attempt for `username` from `address` (a throttled address: see `throttledAddress`),
 * or refuses it with the wait until it may be made. One transaction: read the counts, decide, record.
 */
export function beginLoginAttempt(db: Database, username: string, address: string, nowMs = Date.now()): LoginGate {
  const name = key(username);
  return transaction(db, () => {
    execute(db, 'DELETE FROM login_attempts WHERE at_ms <= ?', nowMs - LOGIN_WINDOW_MS);
    const byPair = waitUntilBelowLimit(
      db,
      'SELECT at_ms FROM login_attempts WHERE username = ? AND address = ?',
      [name, address],
      MAX_FAILURES_PER_USERNAME_AND_ADDRESS,
      LOGIN_WINDOW_MS,
      nowMs,
    );
    const byAddress = isKnownSignIn(db, name, address, nowMs)
      ? 0
      : waitUntilBelowLimit(
          db,
          'SELECT at_ms FROM login_attempts WHERE address = ?',
          [address],
          MAX_FAILURES_PER_ADDRESS,
          LOGIN_WINDOW_MS,
          nowMs,
        );
    const wait = Math.max(byAddress, byPair);
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    const failures = queryOne<{ n: number }>(
      db,
      'SELECT count(*) AS n FROM login_attempts WHERE username = ? AND at_ms > ?',
      name,
      nowMs - LOGIN_WINDOW_MS,
    );
    const { lastInsertRowid } = execute(
      db,
      'INSERT INTO login_attempts (username, address, at_ms, pending) VALUES (?, ?, ?, 1)',
      name,
      address,
      nowMs,
    );
    return { allowed: true, attemptId: lastInsertRowid, delayMs: loginDelayMs(failures?.n ?? 0) };
  });
}

/** The password of attempt `attemptId` was wrong: it stays counted, as a failure. */
export function recordLoginFailure(db: Database, attemptId: number): void {
  execute(db, 'UPDATE login_attempts SET pending = 0 WHERE id = ?', attemptId);
}

/**
 * The password of attempt `attemptId` was right: it and the pair's failures are forgotten, and the pair is
 * known from now on. Failures from other addresses stay, so an attack elsewhere keeps being slowed and
 * counted; attempts of the pair still being checked stay too (they settle on their own).
 */
export function recordLoginSuccess(
  db: Database,
  attemptId: number,
  username: string,
  address: string,
  nowMs = Date.now(),
): void {
  const name = key(username);
  transaction(db, () => {
    execute(
      db,
      'DELETE FROM login_attempts WHERE username = ? AND address = ? AND (pending = 0 OR id = ?)',
      name,
      address,
      attemptId,
    );
    execute(db, 'DELETE FROM known_sign_ins WHERE at_ms <= ?', nowMs - KNOWN_SIGN_IN_MS);
    execute(
      db,
      `INSERT INTO known_sign_ins (username, address, at_ms) VALUES (?, ?, ?)
       ON CONFLICT (username, address) DO UPDATE SET at_ms = excluded.at_ms`,
      name,
      address,
      nowMs,
    );
  });
}
