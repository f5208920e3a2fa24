import type { OutboxEntry, RejectedEdit, SyncState, SyncStore } from './client.ts';
import type { OpenIssue, SyncRow, SyncTable } from './protocol.ts';

/** A client given up by `release`, with what it still held. */
export interface ReleasedClient {
  readonly state: SyncState;
  readonly outbox: readonly OutboxEntry[];
  readonly issues: readonly OpenIssue[];
  readonly rejected: readonly RejectedEdit[];
}

const freshState = (clientId: string): SyncState => ({ clientId, cursor: 0, nextMutationId: 1, lastMutationId: 0 });

/**
 * A SyncStore in memory: the simulation's clients, and a fallback where IndexedDB is unavailable.
 * A transaction snapshots the state and restores it when the work throws, so it is atomic like Dexie's.
 */
export class MemorySyncStore implements SyncStore {
  private state: SyncState;
  private entries: OutboxEntry[] = [];
  private tables = new Map<SyncTable, Map<string, SyncRow>>();
  private openIssues: OpenIssue[] = [];
  private rejectedEdits: RejectedEdit[] = [];
  private depth = 0;
  /** The clients `release` set apart, oldest first (kept, never pushed again). */
  readonly released: ReleasedClient[] = [];

  constructor(
    clientId: string,
    /** The id of the client that replaces a released one. */
    private readonly newClientId: () => string = () => `${clientId}-${this.released.length + 1}`,
  ) {
    this.state = freshState(clientId);
  }

  async transaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.depth > 0) return work();
    const snapshot = {
      state: this.state,
      entries: [...this.entries],
      tables: new Map([...this.tables].map(([table, rows]) => [table, new Map(rows)])),
      issues: [...this.openIssues],
      rejected: [...this.rejectedEdits],
    };
    this.depth++;
    try {
      return await work();
    } catch (error) {
      this.state = snapshot.state;
      this.entries = snapshot.entries;
      this.tables = snapshot.tables;
      this.openIssues = snapshot.issues;
      this.rejectedEdits = snapshot.rejected;
      throw error;
    } finally {
      this.depth--;
    }
  }

  async readState() {
    return this.state;
  }
  async writeState(state: SyncState) {
    this.state = state;
  }
  async outbox() {
    return [...this.entries];
  }
  async addToOutbox(entry: OutboxEntry) {
    this.entries.push(entry);
    this.entries.sort((a, b) => a.id - b.id);
  }
  async dropOutboxThrough(id: number) {
    this.entries = this.entries.filter((entry) => entry.id > id);
  }
  async removeFromOutbox(id: number) {
    this.entries = this.entries.filter((entry) => entry.id !== id);
  }
  async rejected() {
    return [...this.rejectedEdits];
  }
  async putRejected(edit: RejectedEdit) {
    this.rejectedEdits = [...this.rejectedEdits.filter((known) => known.id !== edit.id), edit].sort(
      (a, b) => a.id - b.id,
    );
  }
  async removeRejected(id: number) {
    this.rejectedEdits = this.rejectedEdits.filter((edit) => edit.id !== id);
  }
  async row(table: SyncTable, key: string) {
    return this.tables.get(table)?.get(key);
  }
  async rows(table: SyncTable) {
    return [...(this.tables.get(table)?.values() ?? [])];
  }
  async putRows(rows: readonly SyncRow[]) {
    for (const row of rows) {
      let table = this.tables.get(row.table);
      if (!table) {
        table = new Map();
        this.tables.set(row.table, table);
      }
      const current = table.get(row.key);
      // A replayed or reordered page never moves a row back to an older version.
      if (!current || current.version <= row.version) table.set(row.key, row);
    }
  }
  async issues() {
    return [...this.openIssues];
  }
  async writeIssues(issues: readonly OpenIssue[]) {
    this.openIssues = [...issues];
  }
  async release() {
    this.released.push({
      state: this.state,
      outbox: this.entries,
      issues: this.openIssues,
      rejected: this.rejectedEdits,
    });
    // The pulled rows are the server's, whoever pulled them: the new client keeps them (its cursor starts
    // at 0, so it pulls them again anyway).
    this.state = freshState(this.newClientId());
    this.entries = [];
    this.openIssues = [];
    this.rejectedEdits = [];
  }
}
