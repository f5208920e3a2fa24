import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import {
  beginLoginAttempt,
  type LoginGate,
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_USERNAME_AND_ADDRESS,
  recordLoginFailure,
  recordLoginSuccess,
} from './login-throttle.ts';

const WINDOW_MS = 15 * 60 * 1000;

let dir: string;
let db: Database;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-login-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'fcf.db')}`));
  migrate(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function taken(gate: LoginGate): number {
  if (!gate.allowed) throw new Error(`refused, retry after ${gate.retryAfterMs} ms`);
  return gate.attemptId;
}

const attempts = (username: string, address: string) =>
  db.prepare('SELECT count(*) AS n FROM login_attempts WHERE username = ? AND address = ?').all([username, address]);

describe('beginLoginAttempt', () => {
  it('counts an attempt before its check: attempts not yet settled fill the limit of the pair', () => {
    const now = 1_000_000_000;
    // Ten attempts taken at once, none of them checked yet.
    for (let n = 0; n < MAX_FAILURES_PER_USERNAME_AND_ADDRESS; n++)
      taken(beginLoginAttempt(db, 'Alice', '10.0.0.1', now));
    const refused = beginLoginAttempt(db, 'alice', '10.0.0.1', now + 1000);
    expect(refused).toEqual({ allowed: false, retryAfterMs: WINDOW_MS - 1000 });
    // A refused attempt is not written.
    expect(attempts('alice', '10.0.0.1')).toEqual([{ n: MAX_FAILURES_PER_USERNAME_AND_ADDRESS }]);
    // The same name from another address may still try (only slowed).
    const elsewhere = beginLoginAttempt(db, 'alice', '10.0.0.2', now + 1000);
    expect(elsewhere.allowed && elsewhere.delayMs).toBeGreaterThan(0);
    // Once the window has passed, the pair may try again.
    expect(beginLoginAttempt(db, 'alice', '10.0.0.1', now + WINDOW_MS + 1).allowed).toBe(true);
  });

  it('a right password forgets the settled failures of its pair, not those still being checked', () => {
    const now = 2_000_000_000;
    const failed = [1, 2, 3].map(() => taken(beginLoginAttempt(db, 'bob', '10.0.1.1', now)));
    for (const id of failed) recordLoginFailure(db, id);
    const racing = taken(beginLoginAttempt(db, 'bob', '10.0.1.1', now));
    const right = taken(beginLoginAttempt(db, 'bob', '10.0.1.1', now));
    recordLoginSuccess(db, right, 'Bob', '10.0.1.1', now);
    expect(db.prepare('SELECT id FROM login_attempts WHERE username = ?').all(['bob'])).toEqual([{ id: racing }]);
  });

  it('refuses an address after 30 failures, except for a name that signed in from it lately', () => {
    const now = 3_000_000_000;
    const signedIn = taken(beginLoginAttempt(db, 'carol', '10.0.2.1', now));
    recordLoginSuccess(db, signedIn, 'carol', '10.0.2.1', now);
    for (let n = 0; n < MAX_FAILURES_PER_ADDRESS; n++) {
      recordLoginFailure(db, taken(beginLoginAttempt(db, `stranger_${n}`, '10.0.2.1', now + 1)));
    }
    expect(beginLoginAttempt(db, 'dave', '10.0.2.1', now + 2).allowed).toBe(false);
    expect(beginLoginAttempt(db, 'carol', '10.0.2.1', now + 2).allowed).toBe(true);
    // Known for 30 days: after that, the address's limit holds for carol too.
    const later = now + 30 * 24 * 60 * 60 * 1000 + 1;
    for (let n = 0; n < MAX_FAILURES_PER_ADDRESS; n++) {
      recordLoginFailure(db, taken(beginLoginAttempt(db, `stranger_${n}`, '10.0.2.1', later)));
    }
    expect(beginLoginAttempt(db, 'carol', '10.0.2.1', later).allowed).toBe(false);
  });

  it('slows a name down with its failures from every address', () => {
    const now = 4_000_000_000;
    const delays = Array.from({ length: 8 }, (_, n) => {
      const gate = beginLoginAttempt(db, 'erin', `10.0.3.${n}`, now);
      if (!gate.allowed) throw new Error('refused');
      recordLoginFailure(db, gate.attemptId);
      return gate.delayMs;
    });
    expect(delays).toEqual([0, 0, 0, 0, 0, 250, 500, 1000]);
  });
});
