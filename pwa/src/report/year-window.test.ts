import { describe, expect, it } from 'vitest';
import { yearColumnCount } from './year-window.ts';

describe('year tables on narrow screens', () => {
  it('fits year columns of 60 px beside a 180 px label column', () => {
    expect(yearColumnCount(1024, 5)).toBe(5);
    expect(yearColumnCount(480, 5)).toBe(5);
    expect(yearColumnCount(430, 5)).toBe(4);
    expect(yearColumnCount(390, 5)).toBe(3);
    expect(yearColumnCount(320, 5)).toBe(2);
    expect(yearColumnCount(390, 1)).toBe(1);
  });
});
