/**
 * The watchlist's edits, zod-free: home (the app's first screen) lays pending edits over the pulled rows
 * with these, without loading the sync protocol's schemas.
 */

/** The mutations any signed-in user may push (each about their own watchlist); the others need an admin. */
export const WATCHLIST_MUTATIONS = ['addToWatchlist', 'removeFromWatchlist'] as const;
export type WatchlistMutationName = (typeof WATCHLIST_MUTATIONS)[number];

export function isWatchlistMutation(name: string): name is WatchlistMutationName {
  return (WATCHLIST_MUTATIONS as readonly string[]).includes(name);
}

/**
 * A watchlist row's key: the owner's username (lower case: usernames are case-insensitive) and the code.
 * Pulls carry only the caller's rows, so a browser shared by two users keeps each one's apart.
 */
export function watchlistKey(username: string, company: string): string {
  return `${username.toLowerCase()}|${company}`;
}

/** A watchlist row's data as it travels: the owner, the company and when it was added (ISO 8601). */
export interface WatchlistRowData {
  readonly username: string;
  readonly company_code: string;
  readonly added_at: string;
}

/**
 * A watchlist row's data once a pending edit applies, as the server will apply it: adding what is
 * already watched keeps its date; a removal leaves nothing (null).
 */
export function watchlistAfterEdit(
  name: WatchlistMutationName,
  args: { readonly user: string; readonly company: string },
  data: Record<string, unknown> | null,
  madeAt: number,
): Record<string, unknown> | null {
  if (name === 'removeFromWatchlist') return null;
  return (
    data ?? {
      username: args.user.toLowerCase(),
      company_code: args.company,
      added_at: new Date(madeAt).toISOString(),
    }
  );
}
