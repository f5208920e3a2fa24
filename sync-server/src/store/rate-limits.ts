import { type Database, transaction } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';

/** At most `limit` requests per caller within any `windowMs`, counted under `bucket`. */
export interface RateLimit {
  readonly bucket: string;
  readonly limit: number;
  readonly windowMs: number;
}

export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Counts one request of `caller` against the limit, or refuses it with the seconds until the oldest
 * counted request leaves the window. Kept in the database (one transaction: read, decide, record), so
 * every server instance counts the same requests.
 */
export function takeRateLimitSlot(db: Database, rule: RateLimit, caller: string, nowMs = Date.now()): RateDecision {
  return transaction(db, () => {
    const windowStart = nowMs - rule.windowMs;
    execute(db, 'DELETE FROM rate_limit_hits WHERE bucket = ? AND at_ms <= ?', rule.bucket, windowStart);
    const recent = queryAll<{ at_ms: number }>(
      db,
      'SELECT at_ms FROM rate_limit_hits WHERE bucket = ? AND caller = ? ORDER BY at_ms LIMIT ?',
      rule.bucket,
      caller,
      rule.limit,
    );
    const oldest = recent[0];
    if (oldest && recent.length >= rule.limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest.at_ms - windowStart) / 1000)) };
    }
    execute(db, 'INSERT INTO rate_limit_hits (bucket, caller, at_ms) VALUES (?, ?, ?)', rule.bucket, caller, nowMs);
    return { allowed: true };
  });
}
