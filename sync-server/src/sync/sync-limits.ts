import type { Database } from '../db/database.ts';
import { queryOne } from '../db/query.ts';

/**
 * What one user may make the server store through sync, and how long it keeps it (docs/sync.md "What the
 * server keeps"). Counted in the database, so every server instance of a deployment counts the same.
 */
export const SYNC_LIMITS = {
  /** Mutations stored for one ordinary user in any 24 hours (each tap of a watchlist star is one). */
  mutationsPerDay: 1000,
  /** The same for an admin, whose forecast sessions are longer. */
  adminMutationsPerDay: 10_000,
  /** Client ids one user may bind in any 24 hours (a browser binds one per user). */
  newClientsPerDay: 20,
  /** Days a processed mutation's record is kept for replays (an open conflict stays until resolved). */
  retentionDays: 30,
  /** Records removed per pruning step, so one step never holds the database long. */
  pruneBatch: 500,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A wait as a person reads it: minutes within the hour, else hours. */
function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  return minutes < 60 ? `${minutes} 分钟` : `${Math.ceil(minutes / 60)} 小时`;
}

/** The user's daily quota used up: what to tell them and how long until it frees (for Retry-After). */
export class SyncQuotaUsed extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}

export interface SyncUser {
  readonly username: string;
  readonly isAdmin: boolean;
}

/** A count over the last day: `sql` selects one ISO time per counted row, `since` its last parameter. */
interface DailyCount {
  readonly sql: string;
  readonly params: readonly unknown[];
  readonly limit: number;
}

const sinceOf = (now: Date) => new Date(now.getTime() - DAY_MS).toISOString();

function usedToday(db: Database, count: DailyCount, now: Date): number {
  return (
    queryOne<{ used: number }>(db, `SELECT count(*) AS used FROM (${count.sql})`, ...count.params, sinceOf(now))
      ?.used ?? 0
  );
}

/** How long until fewer than the limit fall within the last day: the oldest over the limit has to leave. */
function waitForRoom(db: Database, count: DailyCount, now: Date): number {
  const used = usedToday(db, count, now);
  if (used < count.limit) return 0;
  const leaving = queryOne<{ at: string }>(
    db,
    `${count.sql} ORDER BY 1 LIMIT 1 OFFSET ?`,
    ...count.params,
    sinceOf(now),
    used - count.limit,
  );
  return Math.max(1000, (leaving ? Date.parse(leaving.at) : now.getTime()) + DAY_MS - now.getTime());
}

const storedMutations = (user: SyncUser): DailyCount => ({
  sql: 'SELECT at FROM sync_mutations WHERE username = ? AND at > ?',
  params: [user.username],
  limit: user.isAdmin ? SYNC_LIMITS.adminMutationsPerDay : SYNC_LIMITS.mutationsPerDay,
});

/** How many more mutations the user may have stored now (at least 0). */
export function mutationsLeft(db: Database, user: SyncUser, now: Date): number {
  const count = storedMutations(user);
  return Math.max(0, count.limit - usedToday(db, count, now));
}

/** The refusal of a push that can store nothing more today, with the time until the oldest counted leaves. */
export function mutationQuotaUsed(db: Database, user: SyncUser, now: Date): SyncQuotaUsed {
  const count = storedMutations(user);
  const wait = waitForRoom(db, count, now);
  return new SyncQuotaUsed(
    `今天同步的修改已达上限（每天 ${count.limit} 条），请 ${waitText(wait)}后再同步；未同步的修改已保留`,
    wait,
  );
}

/** Throws SyncQuotaUsed when the user has bound as many new clients as a day allows. */
export function checkNewClientQuota(db: Database, userId: number, now: Date): void {
  const wait = waitForRoom(
    db,
    {
      sql: 'SELECT created_at AS at FROM sync_clients WHERE user_id = ? AND created_at > ?',
      params: [userId],
      limit: SYNC_LIMITS.newClientsPerDay,
    },
    now,
  );
  if (wait > 0) {
    throw new SyncQuotaUsed(
      `今天新增的同步客户端已达上限（每天 ${SYNC_LIMITS.newClientsPerDay} 个），请 ${waitText(wait)}后再试`,
      wait,
    );
  }
}
