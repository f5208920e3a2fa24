import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { beginRegistration, cancelRegistration, REGISTRATION_LIMITS } from './registration-limit.ts';

const HOUR_MS = 60 * 60 * 1000;
const [PER_HOUR, PER_DAY] = REGISTRATION_LIMITS;

let dir: string;
let db: Database;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-registration-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'fcf.db')}`));
  migrate(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('beginRegistration', () => {
  it('allows 5 accounts per network an hour and 20 a day, from whichever of its addresses', () => {
    const start = 1_000_000_000;
    const network = '203.0.113.0/24';
    let made = 0;
    for (let hour = 0; made < PER_DAY.accounts; hour++) {
      for (let n = 0; n < PER_HOUR.accounts && made < PER_DAY.accounts; n++, made++) {
        const gate = beginRegistration(db, `203.0.113.${made}`, network, start + hour * HOUR_MS + n);
        expect(gate.allowed, `registration ${made + 1}`).toBe(true);
      }
      if (made < PER_DAY.accounts) {
        const hourly = beginRegistration(db, '203.0.113.200', network, start + hour * HOUR_MS + 10);
        expect(hourly).toMatchObject({ allowed: false, limit: PER_HOUR });
      }
    }
    // 20 in four hours: the fifth hour is under the hourly limit, but the day's is reached.
    const daily = beginRegistration(db, '203.0.113.201', network, start + 4 * HOUR_MS + 10);
    expect(daily).toEqual({ allowed: false, limit: PER_DAY, retryAfterMs: 20 * HOUR_MS - 10 });
    expect(beginRegistration(db, '198.51.100.1', '198.51.100.0/24', start + 4 * HOUR_MS).allowed).toBe(true);
    expect(beginRegistration(db, '203.0.113.1', network, start + 24 * HOUR_MS + 1).allowed).toBe(true);
  });

  it('gives a cancelled registration back', () => {
    const now = 2_000_000_000;
    const network = '2001:db8:1:2::/64';
    const ids = Array.from({ length: PER_HOUR.accounts }, () => {
      const gate = beginRegistration(db, '2001:db8:1:2::1', network, now);
      if (!gate.allowed) throw new Error('refused');
      return gate.registrationId;
    });
    expect(beginRegistration(db, '2001:db8:1:2::1', network, now).allowed).toBe(false);
    cancelRegistration(db, ids[0] ?? 0);
    expect(beginRegistration(db, '2001:db8:1:2::1', network, now).allowed).toBe(true);
  });
});
