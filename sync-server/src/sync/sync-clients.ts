import type { Database } from '../db/database.ts';
import { transaction } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { findUser } from '../store/users.ts';
import { checkNewClientQuota, type SyncUser } from './sync-limits.ts';

/** A client id bound to another user than the caller (docs/sync.md "Identity"). */
export class ClientOfOtherUser extends Error {
  constructor() {
    super('该同步客户端属于另一位用户，不能以当前账号使用；请刷新页面，将为当前账号启用新的客户端');
  }
}

/** The user a client id belongs to, once checked: the push records its outcomes under them. */
export interface ClientOwner {
  readonly userId: number;
  readonly username: string;
}

/**
 * Binds `clientId` to the signed-in user on its first push or pull, and refuses it to every other user
 * (ClientOfOtherUser): a client's ids, outcomes and conflicts are its user's alone. A new binding counts
 * against the user's daily quota of new clients (SyncQuotaUsed).
 */
export function claimClient(db: Database, clientId: string, user: SyncUser, now: Date): ClientOwner {
  return transaction(db, () => {
    const account = findUser(db, user.username);
    // A token is checked against the stored account on every request, so the account exists.
    if (!account) throw new ClientOfOtherUser();
    const bound = queryOne<{ user_id: number | null }>(
      db,
      'SELECT user_id FROM sync_clients WHERE client_id = ?',
      clientId,
    );
    if (bound) {
      if (bound.user_id !== account.id) throw new ClientOfOtherUser();
    } else {
      checkNewClientQuota(db, account.id, now);
      const at = now.toISOString();
      execute(
        db,
        `INSERT INTO sync_clients (client_id, last_mutation_id, username, user_id, created_at, updated_at)
         VALUES (?, 0, ?, ?, ?, ?)`,
        clientId,
        account.username,
        account.id,
        at,
        at,
      );
    }
    return { userId: account.id, username: account.username };
  });
}

/** The client's last processed mutation id (0: none). */
export function lastMutationId(db: Database, clientId: string): number {
  return (
    queryOne<{ last_mutation_id: number }>(
      db,
      'SELECT last_mutation_id FROM sync_clients WHERE client_id = ?',
      clientId,
    )?.last_mutation_id ?? 0
  );
}

/**
 * Records that the client's mutation `id` was processed. An upsert under its owner, so the count stays
 * right even if the retention rule dropped the binding since it was checked (an idle client that never
 * pushed).
 */
export function advanceClient(db: Database, clientId: string, owner: ClientOwner, id: number, at: string): void {
  execute(
    db,
    `INSERT INTO sync_clients (client_id, last_mutation_id, username, user_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (client_id) DO UPDATE SET last_mutation_id = excluded.last_mutation_id,
       updated_at = excluded.updated_at`,
    clientId,
    id,
    owner.username,
    owner.userId,
    at,
    at,
  );
}
