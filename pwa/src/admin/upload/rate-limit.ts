/** The call limit (docs/requirements.md#back-office): the same named action at most 3 times in 30 s. */
export const RATE_LIMIT = { calls: 3, windowMs: 30_000 } as const;

export function rateLimitMessage(name: string): string {
  return `函数 ${name} 调用过于频繁，请稍后再试`;
}

export interface RateLimiter {
  /** Records a call of `name` and answers true, or answers false (recording nothing) when over the limit. */
  attempt(name: string): boolean;
}

/**
 * A sliding-window limiter per action name. Refused attempts are not recorded, so repeated clicks on a
 * blocked button do not push the moment it frees up further away.
 */
export function createRateLimiter(
  { calls, windowMs }: { calls: number; windowMs: number } = RATE_LIMIT,
  now: () => number = Date.now,
): RateLimiter {
  const history = new Map<string, number[]>();
  return {
    attempt(name) {
      const at = now();
      const recent = (history.get(name) ?? []).filter((time) => at - time < windowMs);
      if (recent.length >= calls) {
        history.set(name, recent);
        return false;
      }
      recent.push(at);
      history.set(name, recent);
      return true;
    },
  };
}
