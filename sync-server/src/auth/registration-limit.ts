import type { Database } from '../db/database.ts';
import { execute } from '../db/query.ts';
import { waitUntilBelowLimit } from './attempt-window.ts';

/** Accounts one address may create per hour (kept in the database, shared by every server instance). */
export const MAX_REGISTRATIONS_PER_ADDRESS = 5;
const REGISTRATION_WINDOW_MS = 60 * 60 * 1000;

/** How long `address` must wait before it may create another account: 0 when it may now. */
export function registrationWaitMs(db: Database, address: string, nowMs = Date.now()): number {
  return waitUntilBelowLimit(
    db,
    'SELECT at_ms FROM registrations WHERE address = ?',
    [address],
    MAX_REGISTRATIONS_PER_ADDRESS,
    REGISTRATION_WINDOW_MS,
    nowMs,
  );
}

export function recordRegistration(db: Database, address: string, nowMs = Date.now()): void {
  execute(db, 'DELETE FROM registrations WHERE at_ms <= ?', nowMs - REGISTRATION_WINDOW_MS);
  execute(db, 'INSERT INTO registrations (address, at_ms) VALUES (?, ?)', address, nowMs);
}
