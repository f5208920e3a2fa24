import { describe, expect, it } from 'vitest';
import { formatAmount, formatBytes, formatPercent, formatPrecise, yearLabel } from './format.ts';

describe('number display', () => {
  it('groups with at least 2 decimals and dashes empties', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(-0.126)).toBe('-0.13');
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount(Number.NaN)).toBe('-');
  });
  it('shows ratios as percent with 2 decimals', () => {
    expect(formatPercent(0.0523)).toBe('5.23%');
    expect(formatPercent(undefined)).toBe('-');
  });
  it('keeps up to 4 decimals where precision matters', () => {
    expect(formatPrecise(0.917431)).toBe('0.9174');
    expect(formatPrecise(2)).toBe('2.00');
  });
  it('marks estimate years with E', () => {
    expect(yearLabel(2025, true)).toBe('2025E');
    expect(yearLabel(2024, false)).toBe('2024');
  });
  it('sizes files in base 1024', () => {
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(0)).toBe('0.00 Bytes');
  });
});
