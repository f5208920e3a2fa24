import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageLinks, pageSlice } from './pagination.ts';

describe('pagination', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
    expect(pageCount(24, 12)).toBe(2);
  });

  it('clamps a page that no longer exists after the list shrank', () => {
    expect(clampPage(5, 21, 10)).toBe(3);
    expect(clampPage(0, 21, 10)).toBe(1);
  });

  it('slices a page', () => {
    const items = Array.from({ length: 25 }, (_, index) => index + 1);
    expect(pageSlice(items, 3, 10)).toEqual([21, 22, 23, 24, 25]);
    expect(pageSlice(items, 9, 10)).toEqual([21, 22, 23, 24, 25]);
  });

  it('shows first, last and neighbours with gaps', () => {
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageLinks(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageLinks(3, 20)).toEqual([1, 2, 3, 4, 'gap', 20]);
    expect(pageLinks(20, 20)).toEqual([1, 'gap', 19, 20]);
  });
});
