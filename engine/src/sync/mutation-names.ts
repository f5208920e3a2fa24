/** The mutations a client may push, by name (their argument schemas are protocol.ts's MUTATION_ARGS). */
export const MUTATION_NAMES = [
  'setForecastParameter',
  'setValuationParameter',
  'resetToAuto',
  'resolveConflict',
  'addToWatchlist',
  'removeFromWatchlist',
] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

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
