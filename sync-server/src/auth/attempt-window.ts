import type { Database } from '../db/database.ts';
import { queryOne } from '../db/query.ts';

/**
 * How long until fewer than `limit` recorded events (rows of `sql`'s table matching its condition, newest
 * first by `at_ms`) fall within the last `windowMs`: 0 when fewer already do. The `limit`-th newest event
 * is the one that has to leave the window.
 *
 * `sql` selects `at_ms` of the matching rows; it is always a constant of this package, never user input.
 */
export function waitUntilBelowLimit(
  db: Database,
  sql: string,
  params: readonly unknown[],
  limit: number,
  windowMs: number,
  nowMs: number,
): number {
  const row = queryOne<{ at_ms: number }>(
    db,
    `${sql} AND at_ms > ? ORDER BY at_ms DESC LIMIT 1 OFFSET ?`,
    ...params,
    nowMs - windowMs,
    limit - 1,
  );
  return row ? Math.max(1, row.at_ms + windowMs - nowMs) : 0;
}

/** A wait in whole seconds for `Retry-After`, at least 1. */
export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}
