import type { OpenIssue, OutboxEntry, RejectedEdit, SyncState } from '@fcf/engine/sync';
import type { Transaction } from 'dexie';
import type { StoredSyncClient } from '../store/db.ts';
import { syncOwner } from './dexie-sync-store.ts';

/**
 * The upgrade to one sync client per user (docs/sync.md "Identity"). The browser's one client — its id,
 * cursor, outbox, open conflicts and rejected edits — becomes the client of the user signed in now (the
 * server bound it to the user who last pushed with it, normally the same; if not, it refuses it and the
 * client waits for that user), or, when nobody is signed in, of the first user who signs in and was not
 * refused it. A client with nothing pending or open is let go: every user simply starts a new one.
 */
export async function giveTheClientAnOwner(transaction: Transaction, username: string | null): Promise<void> {
  const meta = transaction.table<{ key: string; value: unknown }, string>('syncMeta');
  const issues = ((await meta.get('issues'))?.value as OpenIssue[] | undefined) ?? [];
  const outbox = await transaction.table<OutboxEntry, number>('outbox').toArray();
  const rejected = await transaction.table<RejectedEdit, number>('rejectedEdits').toArray();
  if (outbox.length === 0 && issues.length === 0 && rejected.length === 0) return;
  // A client always wrote its state before its first edit; without one, the edits are still kept.
  const state = ((await meta.get('state'))?.value as SyncState | undefined) ?? {
    clientId: crypto.randomUUID(),
    cursor: 0,
    nextMutationId: Math.max(0, ...outbox.map((entry) => entry.id)) + 1,
    lastMutationId: 0,
  };
  const { clientId } = state;
  const client: StoredSyncClient = {
    clientId,
    cursor: state.cursor,
    nextMutationId: state.nextMutationId,
    lastMutationId: state.lastMutationId,
    owner: username ? syncOwner(username) : '',
    issues,
    refusedFor: [],
    createdAt: Date.now(),
  };
  await transaction.table<StoredSyncClient, string>('syncClients').put(client);
  await transaction.table('clientOutbox').bulkPut(outbox.map((entry) => ({ ...entry, clientId })));
  await transaction.table('clientRejected').bulkPut(rejected.map((edit) => ({ ...edit, clientId })));
}
