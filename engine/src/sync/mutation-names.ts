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
