import { type Database, transaction } from '../db/database.ts';
import { execute } from '../db/query.ts';
import { waitUntilBelowLimit } from './attempt-window.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Accounts one network (an IPv4 /24, an IPv6 /64: see `addressNetwork`) may create per hour and per day.
 * Kept in the database, shared by every server instance (docs/operations.md, "Accounts and throttles").
 */
export const REGISTRATION_LIMITS = [
  { accounts: 5, windowMs: HOUR_MS, per: '每小时' },
  { accounts: 20, windowMs: 24 * HOUR_MS, per: '每天' },
] as const;

export type RegistrationLimit = (typeof REGISTRATION_LIMITS)[number];

/** A registration taken (`registrationId`, to cancel it if the account is not made), or the limit it hit. */
export type RegistrationGate =
  | { readonly allowed: true; readonly registrationId: number }
  | { readonly allowed: false; readonly limit: RegistrationLimit; readonly retryAfterMs: number };

const LONGEST_WINDOW_MS = Math.max(...REGISTRATION_LIMITS.map((limit) => limit.windowMs));

/**
 * Counts one registration from `address` against its network's limits, or refuses it with the limit and
 * the wait. One transaction (read, decide, record), so registrations sent together cannot pass together;
 * it is taken before the password is hashed, so refused ones cost nothing.
 */
export function beginRegistration(
  db: Database,
  address: string,
  network: string,
  nowMs = Date.now(),
): RegistrationGate {
  return transaction(db, () => {
    execute(db, 'DELETE FROM registrations WHERE at_ms <= ?', nowMs - LONGEST_WINDOW_MS);
    for (const limit of REGISTRATION_LIMITS) {
      const wait = waitUntilBelowLimit(
        db,
        'SELECT at_ms FROM registrations WHERE network = ?',
        [network],
        limit.accounts,
        limit.windowMs,
        nowMs,
      );
      if (wait > 0) return { allowed: false, limit, retryAfterMs: wait };
    }
    const { lastInsertRowid } = execute(
      db,
      'INSERT INTO registrations (address, network, at_ms) VALUES (?, ?, ?)',
      address,
      network,
      nowMs,
    );
    return { allowed: true, registrationId: lastInsertRowid };
  });
}

/** The account of a taken registration was not made (its name was taken): the slot is given back. */
export function cancelRegistration(db: Database, registrationId: number): void {
  execute(db, 'DELETE FROM registrations WHERE id = ?', registrationId);
}
