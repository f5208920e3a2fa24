import type { OpenIssue, OutboxEntry, RejectedEdit, SyncRow, SyncState, SyncStore, SyncTable } from '@fcf/engine/sync';
import type { FcfDatabase } from '../store/db.ts';

/**
 * The sync client's store in IndexedDB. Every multi-step change runs in one Dexie transaction over the
 * sync tables, so an edit and its outbox entry, or a pulled page and its cursor, are written together.
 */
export class DexieSyncStore implements SyncStore {
  constructor(
    private readonly db: FcfDatabase,
    private readonly newClientId: () => string,
  ) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction('rw', [this.db.syncRows, this.db.outbox, this.db.syncMeta, this.db.rejectedEdits], work);
  }

  async readState(): Promise<SyncState> {
    const stored = await this.db.syncMeta.get('state');
    if (stored) return stored.value as SyncState;
    const fresh: SyncState = { clientId: this.newClientId(), cursor: 0, nextMutationId: 1, lastMutationId: 0 };
    await this.db.syncMeta.put({ key: 'state', value: fresh });
    return fresh;
  }

  async writeState(state: SyncState): Promise<void> {
    await this.db.syncMeta.put({ key: 'state', value: state });
  }

  outbox(): Promise<OutboxEntry[]> {
    return this.db.outbox.orderBy('id').toArray();
  }

  async addToOutbox(entry: OutboxEntry): Promise<void> {
    await this.db.outbox.put(entry);
  }

  async dropOutboxThrough(id: number): Promise<void> {
    await this.db.outbox.where('id').belowOrEqual(id).delete();
  }

  async removeFromOutbox(id: number): Promise<void> {
    await this.db.outbox.delete(id);
  }

  rejected(): Promise<RejectedEdit[]> {
    return this.db.rejectedEdits.orderBy('id').toArray();
  }

  async putRejected(edit: RejectedEdit): Promise<void> {
    await this.db.rejectedEdits.put(edit);
  }

  async removeRejected(id: number): Promise<void> {
    await this.db.rejectedEdits.delete(id);
  }

  row(table: SyncTable, key: string): Promise<SyncRow | undefined> {
    return this.db.syncRows.get([table, key]);
  }

  rows(table: SyncTable): Promise<SyncRow[]> {
    return this.db.syncRows.where('table').equals(table).toArray();
  }

  async putRows(rows: readonly SyncRow[]): Promise<void> {
    if (rows.length === 0) return;
    const existing = await this.db.syncRows.bulkGet(rows.map((row) => [row.table, row.key] as [string, string]));
    // A replayed page never moves a row back to an older version.
    const newer = rows.filter((row, index) => (existing[index]?.version ?? -1) <= row.version);
    await this.db.syncRows.bulkPut(newer);
  }

  async issues(): Promise<OpenIssue[]> {
    return ((await this.db.syncMeta.get('issues'))?.value as OpenIssue[] | undefined) ?? [];
  }

  async writeIssues(issues: readonly OpenIssue[]): Promise<void> {
    await this.db.syncMeta.put({ key: 'issues', value: [...issues] });
  }
}
