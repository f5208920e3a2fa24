import { isFresh } from './freshness.ts';

export interface CachedResult<Value> {
  readonly value: Value;
  /** True when the value came from the offline copy because the server could not be reached. */
  readonly stale: boolean;
}

/**
 * Cache-first read: a fresh copy is used as is; an old or missing one is fetched (and stored); when the
 * fetch fails, an old copy still answers (marked stale) and only a missing one is an error.
 */
export async function cachedFetch<Value>(options: {
  read: () => Promise<{ value: Value; fetchedAt: number } | undefined>;
  fetch: () => Promise<Value>;
  write: (value: Value) => Promise<void>;
  force?: boolean;
}): Promise<CachedResult<Value>> {
  const cached = await options.read();
  if (cached && !options.force && isFresh(cached.fetchedAt)) return { value: cached.value, stale: false };
  try {
    const value = await options.fetch();
    await options.write(value);
    return { value, stale: false };
  } catch (error) {
    if (cached) return { value: cached.value, stale: true };
    throw error;
  }
}
