/** The mutations a client may push, by name (their argument schemas are protocol.ts's MUTATION_ARGS). */
export const MUTATION_NAMES = [
  'setForecastParameter',
  'setValuationParameter',
  'resetToAuto',
  'resolveConflict',
  'addToWatchlist',
  'removeFromWatchlist',
  'putScenario',
  'deleteScenario',
] as const;
export type MutationName = (typeof MUTATION_NAMES)[number];

/**
 * The mutations any signed-in user may push: edits of rows of their own (the watchlist, valuation
 * scenarios), and the dismissal of one of their client's conflicts (a client is its user's alone); the
 * others need an admin.
 */
export const USER_MUTATIONS = [
  'addToWatchlist',
  'removeFromWatchlist',
  'putScenario',
  'deleteScenario',
  'resolveConflict',
] as const;

export function isUserMutation(name: string): boolean {
  return (USER_MUTATIONS as readonly string[]).includes(name);
}
