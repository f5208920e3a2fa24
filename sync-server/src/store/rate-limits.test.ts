import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { type RateLimit, takeRateLimitSlot } from './rate-limits.ts';

const PER_MINUTE: RateLimit = { bucket: 'pdf', limit: 3, windowMs: 60_000 };

let dir: string;
let db: Database;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-rate-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'fcf.db')}`));
  migrate(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('takeRateLimitSlot', () => {
  it('allows `limit` requests per caller in the window, then refuses with the wait until a slot frees', () => {
    const start = 1_000_000;
    for (const offset of [0, 10_000, 20_000]) {
      expect(takeRateLimitSlot(db, PER_MINUTE, '10.0.0.1', start + offset)).toEqual({ allowed: true });
    }
    // The oldest request (at `start`) leaves the window 60 s after it was made: 30 s from now.
    expect(takeRateLimitSlot(db, PER_MINUTE, '10.0.0.1', start + 30_000)).toEqual({
      allowed: false,
      retryAfterSeconds: 30,
    });
    // Another caller, and another bucket, count on their own.
    expect(takeRateLimitSlot(db, PER_MINUTE, '10.0.0.2', start + 30_000)).toEqual({ allowed: true });
    expect(takeRateLimitSlot(db, { ...PER_MINUTE, bucket: 'other' }, '10.0.0.1', start + 30_000)).toEqual({
      allowed: true,
    });
    // A refused request is not counted: once the oldest has left, one slot is free again.
    expect(takeRateLimitSlot(db, PER_MINUTE, '10.0.0.1', start + 60_001)).toEqual({ allowed: true });
    expect(takeRateLimitSlot(db, PER_MINUTE, '10.0.0.1', start + 60_002).allowed).toBe(false);
  });

  it("keeps none of a bucket's rows older than the window", () => {
    takeRateLimitSlot(db, PER_MINUTE, '10.0.0.3', 10_000_000);
    const rows = db
      .prepare("SELECT count(*) AS n FROM rate_limit_hits WHERE bucket = 'pdf' AND at_ms <= ?")
      .all([10_000_000 - 60_000]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
