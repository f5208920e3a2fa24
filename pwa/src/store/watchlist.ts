import { valuationDate, type WatchlistEntry, watchlistEntry } from '@fcf/engine';
import { watchlistPullAnswer, watchlistRowSchema } from '@fcf/engine/contract';
import { isWatchlistMutation, watchlistAfterEdit, watchlistKey } from '@fcf/engine/sync';
import { safeParse } from 'zod/mini';
import { currentUser } from '../api/session.ts';
import { outboxOf, syncOwner } from '../sync/dexie-sync-store.ts';
import { pullTables } from '../sync/table-pull.ts';
import { openStore, readList } from './db.ts';
import { readMarket } from './quotes.ts';

/**
 * The signed-in user's watchlist (自选) in the browser: the synced `watchlist` rows (pulled by a cursor of
 * their own per user, so a second user of this browser starts from nothing and gets their whole list),
 * with the pending edits in the user's own sync outbox laid over them. Edits are made through the sync
 * service (`setWatched`), so a star tapped offline is kept and pushed later.
 */

/**
 * Brings the user's watchlist rows up to date while they are signed in (the server answers the rows of
 * the token's user, which must be the cursor's); throws when the server cannot be reached.
 */
export async function pullWatchlist(username: string): Promise<void> {
  const owner = syncOwner(username);
  if (syncOwner(currentUser()?.username ?? '') !== owner) return;
  await pullTables({ cursorKey: `watchlist-cursor|${owner}`, tables: ['watchlist'], answer: watchlistPullAnswer });
}

export interface Watched {
  readonly code: string;
  readonly added_at: string;
}

/** The user's watched companies as this browser sees them (pulled rows and pending edits), newest first. */
export async function readWatched(username: string): Promise<Watched[]> {
  const db = await openStore();
  if (!db) return [];
  const prefix = watchlistKey(username, '');
  const rows = new Map<string, Record<string, unknown> | null>();
  for (const row of await db.syncRows.where('table').equals('watchlist').toArray()) {
    if (row.key.startsWith(prefix)) rows.set(row.key, row.data);
  }
  for (const entry of await outboxOf(db, username)) {
    if (!isWatchlistMutation(entry.name)) continue;
    const args = entry.args as { user: string; company: string };
    const key = watchlistKey(args.user, args.company);
    if (!key.startsWith(prefix)) continue;
    rows.set(key, watchlistAfterEdit(entry.name, args, rows.get(key) ?? null, entry.createdAt));
  }
  const watched: Watched[] = [];
  for (const data of rows.values()) {
    const parsed = safeParse(watchlistRowSchema, data);
    if (parsed.success) watched.push({ code: parsed.data.company_code, added_at: parsed.data.added_at });
  }
  return watched.sort((a, b) => b.added_at.localeCompare(a.added_at) || a.code.localeCompare(b.code));
}

/** The watched companies with price, value and margin of safety from the offline market copy. */
export async function readWatchlist(username: string): Promise<WatchlistEntry[]> {
  const [watched, market, companies] = await Promise.all([readWatched(username), readMarket(), readList('companies')]);
  const names = new Map((companies?.value ?? []).map((company) => [company.code, company.name]));
  const models = new Map(market.models.map((model) => [model.code, model]));
  const today = valuationDate(new Date());
  return watched.map((item) =>
    watchlistEntry(
      { code: item.code, name: names.get(item.code) ?? item.code, added_at: item.added_at },
      models.get(item.code) ?? null,
      market.quotes.get(item.code) ?? null,
      today,
    ),
  );
}

/** Adds or removes a company: queued in the sync outbox (offline too), pushed by the sync service. */
export async function setWatched(username: string, company: string, watched: boolean): Promise<void> {
  const { syncService } = await import('../sync/sync-service.ts');
  const service = await syncService();
  await service.enqueue(watched ? 'addToWatchlist' : 'removeFromWatchlist', { user: username, company });
}
