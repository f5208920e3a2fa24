import type { OpenIssue, OutboxEntry, RejectedEdit, SyncRow, SyncState, SyncStore, SyncTable } from '@fcf/engine/sync';
import type { Table } from 'dexie';
import type { FcfDatabase, StoredSyncClient } from '../store/db.ts';

/** The owner a username's sync client is kept under: usernames are case-insensitive. */
export function syncOwner(username: string): string {
  return username.toLowerCase();
}

/** The part of a table keyed `[clientId+id]` that is one client's (ids up to `through`), in id order. */
function ofClient<Row>(table: Table<Row, [string, number]>, clientId: string, through = Number.POSITIVE_INFINITY) {
  return table.where('[clientId+id]').between([clientId, Number.NEGATIVE_INFINITY], [clientId, through], true, true);
}

async function entriesOf(db: FcfDatabase, clientId: string): Promise<OutboxEntry[]> {
  return (await ofClient(db.clientOutbox, clientId).toArray()).map(({ clientId: _, ...entry }) => entry);
}

/**
 * The outbox of a user's own client in this browser, in id order (empty when they have none): what the
 * watchlist lays over the pulled rows. Never another user's: each user's edits stay in their own client.
 */
export async function outboxOf(db: FcfDatabase, username: string): Promise<OutboxEntry[]> {
  const client = await db.syncClients.where('owner').equals(syncOwner(username)).first();
  return client ? entriesOf(db, client.clientId) : [];
}

/**
 * One user's sync client in IndexedDB (docs/sync.md "Identity"): every user of the browser has a client
 * of their own — its id, cursor, outbox, conflicts and rejected edits — so one user's edits are never
 * shown or sent while another is signed in. Every multi-step change runs in one Dexie transaction over
 * the sync tables, so an edit and its outbox entry, or a pulled page and its cursor, are written together.
 */
export class DexieSyncStore implements SyncStore {
  private readonly owner: string;

  constructor(
    private readonly db: FcfDatabase,
    username: string,
    private readonly newClientId: () => string,
  ) {
    this.owner = syncOwner(username);
  }

  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.db.transaction(
      'rw',
      [this.db.syncRows, this.db.syncClients, this.db.clientOutbox, this.db.clientRejected],
      work,
    );
  }

  /**
   * The user's client: their own; else the oldest one left without a user (kept from before clients were
   * per user, or released) that the server never refused to them; else a new one.
   */
  private client(): Promise<StoredSyncClient> {
    return this.transaction(async () => {
      const own = await this.db.syncClients.where('owner').equals(this.owner).first();
      if (own) return own;
      const waiting = (await this.db.syncClients.where('owner').equals('').sortBy('createdAt')).find(
        (client) => !client.refusedFor.includes(this.owner),
      );
      const client: StoredSyncClient = waiting
        ? { ...waiting, owner: this.owner }
        : {
            clientId: this.newClientId(),
            owner: this.owner,
            cursor: 0,
            nextMutationId: 1,
            lastMutationId: 0,
            issues: [],
            refusedFor: [],
            createdAt: Date.now(),
          };
      await this.db.syncClients.put(client);
      return client;
    });
  }

  async readState(): Promise<SyncState> {
    const { clientId, cursor, nextMutationId, lastMutationId } = await this.client();
    return { clientId, cursor, nextMutationId, lastMutationId };
  }

  async writeState(state: SyncState): Promise<void> {
    const { clientId, cursor, nextMutationId, lastMutationId } = state;
    await this.db.syncClients.update(clientId, { cursor, nextMutationId, lastMutationId });
  }

  async outbox(): Promise<OutboxEntry[]> {
    return entriesOf(this.db, (await this.client()).clientId);
  }

  async addToOutbox(entry: OutboxEntry): Promise<void> {
    const { clientId } = await this.client();
    await this.db.clientOutbox.put({ ...entry, clientId });
  }

  async dropOutboxThrough(id: number): Promise<void> {
    await ofClient(this.db.clientOutbox, (await this.client()).clientId, id).delete();
  }

  async removeFromOutbox(id: number): Promise<void> {
    await this.db.clientOutbox.delete([(await this.client()).clientId, id]);
  }

  async rejected(): Promise<RejectedEdit[]> {
    const edits = await ofClient(this.db.clientRejected, (await this.client()).clientId).toArray();
    return edits.map(({ clientId: _, ...edit }) => edit);
  }

  async putRejected(edit: RejectedEdit): Promise<void> {
    const { clientId } = await this.client();
    await this.db.clientRejected.put({ ...edit, clientId });
  }

  async removeRejected(id: number): Promise<void> {
    await this.db.clientRejected.delete([(await this.client()).clientId, id]);
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
    return [...(await this.client()).issues];
  }

  async writeIssues(issues: readonly OpenIssue[]): Promise<void> {
    await this.db.syncClients.update((await this.client()).clientId, { issues: [...issues] });
  }

  /** The client is another user's: it waits, with all it holds, for a user it was not refused to. */
  async release(): Promise<void> {
    await this.transaction(async () => {
      const own = await this.db.syncClients.where('owner').equals(this.owner).first();
      if (!own) return;
      await this.db.syncClients.update(own.clientId, { owner: '', refusedFor: [...own.refusedFor, this.owner] });
    });
  }
}
