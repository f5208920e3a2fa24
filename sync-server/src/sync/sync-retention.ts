import type { Database } from '../db/database.ts';
import { transaction } from '../db/database.ts';
import { execute } from '../db/query.ts';
import { SYNC_LIMITS } from './sync-limits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One step of the retention rule (docs/sync.md "What the server keeps"): removes at most `batch` records
 * of mutations processed more than `retentionDays` ago, except open conflicts (they wait for their
 * client), and bindings of clients idle that long that never pushed (nothing of theirs needs keeping). A
 * client that pushed keeps its binding and last id for good, so its ids never go back. Returns how many
 * rows went; fewer than `batch` means nothing more is due.
 */
export function pruneSyncRecords(db: Database, now: Date, batch: number = SYNC_LIMITS.pruneBatch): number {
  const before = new Date(now.getTime() - SYNC_LIMITS.retentionDays * DAY_MS).toISOString();
  return transaction(db, () => {
    const mutations = execute(
      db,
      `DELETE FROM sync_mutations WHERE rowid IN (
         SELECT rowid FROM sync_mutations
         WHERE at < ? AND NOT (status = 'conflict' AND resolved = 0)
         LIMIT ?)`,
      before,
      batch,
    ).changes;
    const clients = execute(
      db,
      `DELETE FROM sync_clients WHERE client_id IN (
         SELECT client_id FROM sync_clients WHERE last_mutation_id = 0 AND updated_at < ? LIMIT ?)`,
      before,
      Math.max(0, batch - mutations),
    ).changes;
    return mutations + clients;
  });
}

/** Every record due, in steps of one batch (at start: a backlog never becomes one long transaction). */
export function pruneAllSyncRecords(db: Database, now: Date): number {
  let removed = 0;
  for (let step = pruneSyncRecords(db, now); ; step = pruneSyncRecords(db, now)) {
    removed += step;
    if (step < SYNC_LIMITS.pruneBatch) return removed;
  }
}
