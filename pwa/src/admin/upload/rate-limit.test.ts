import { describe, expect, it } from 'vitest';
import { createRateLimiter, RATE_LIMIT, rateLimitMessage } from './rate-limit.ts';

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe('createRateLimiter', () => {
  it('allows 3 calls of one name in 30 s and refuses the 4th', () => {
    const time = clock();
    const limiter = createRateLimiter(RATE_LIMIT, time.now);
    expect([limiter.attempt('估值'), limiter.attempt('估值'), limiter.attempt('估值')]).toEqual([true, true, true]);
    time.advance(29_999);
    expect(limiter.attempt('估值')).toBe(false);
  });

  it('counts each name on its own', () => {
    const limiter = createRateLimiter(RATE_LIMIT, clock().now);
    for (let call = 0; call < 3; call += 1) limiter.attempt('估值');
    expect(limiter.attempt('估值')).toBe(false);
    expect(limiter.attempt('后分析')).toBe(true);
    expect(limiter.attempt('批量估值')).toBe(true);
  });

  it('frees a slot once the oldest call is 30 s old (a sliding window)', () => {
    const time = clock();
    const limiter = createRateLimiter(RATE_LIMIT, time.now);
    limiter.attempt('估值');
    time.advance(10_000);
    limiter.attempt('估值');
    limiter.attempt('估值');
    time.advance(20_000);
    expect(limiter.attempt('估值')).toBe(true);
    expect(limiter.attempt('估值')).toBe(false);
  });

  it('does not record refused attempts', () => {
    const time = clock();
    const limiter = createRateLimiter({ calls: 1, windowMs: 1_000 }, time.now);
    expect(limiter.attempt('a')).toBe(true);
    time.advance(500);
    expect(limiter.attempt('a')).toBe(false);
    time.advance(500);
    expect(limiter.attempt('a')).toBe(true);
  });
});

describe('rateLimitMessage', () => {
  it('names the action in the message', () => {
    expect(rateLimitMessage('批量估值')).toBe('函数 批量估值 调用过于频繁，请稍后再试');
  });
});
