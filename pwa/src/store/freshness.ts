/** The cache lifetime (docs/requirements.md#report-modules): data younger than this is used without asking the server. */
const CACHE_LIFETIME_MS = 5 * 60 * 1000;

export function isFresh(fetchedAt: number | undefined, now = Date.now()): boolean {
  return fetchedAt !== undefined && now - fetchedAt < CACHE_LIFETIME_MS;
}
