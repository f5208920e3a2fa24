import { expect } from 'vitest';

/** `actual` within `tolerance` of `expected`, relative to its size (absolute below 1). */
export function expectClose(actual: number, expected: number, tolerance = 1e-9): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(expected)));
}
