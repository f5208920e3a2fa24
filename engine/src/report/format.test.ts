import { describe, expect, it } from 'vitest';
import {
  beijingParts,
  fileTimestamp,
  formatAmount,
  formatBytes,
  formatGeneratedAt,
  formatLocalDate,
  formatMinute,
  formatPercent,
  formatPrecise,
  formatTimes,
  formatValue,
  formatWithUnit,
  yearLabel,
} from './format.ts';

describe('number display', () => {
  it('groups with at least 2 decimals and dashes empties', () => {
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(12345.678)).toBe('12,345.68');
    expect(formatAmount(-0.126)).toBe('-0.13');
    expect(formatAmount(null)).toBe('-');
    expect(formatAmount(Number.NaN)).toBe('-');
  });
  it('shows ratios as percent with 2 decimals and multiples with 倍', () => {
    expect(formatPercent(0.0523)).toBe('5.23%');
    expect(formatPercent(undefined)).toBe('-');
    expect(formatTimes(1.5)).toBe('1.50倍');
  });
  it('keeps up to 4 decimals where precision matters', () => {
    expect(formatPrecise(0.917431)).toBe('0.9174');
    expect(formatPrecise(2)).toBe('2.00');
  });
  it('formats by the unit, with the unit where the number alone does not say it', () => {
    expect(formatValue('factor', 0.917431)).toBe('0.9174');
    expect(formatValue('times', 2)).toBe('2.00倍');
    expect(formatWithUnit('amount', 100)).toBe('100.00 亿元');
    expect(formatWithUnit('percent', 0.25)).toBe('25.00%');
    expect(formatWithUnit('times', 1)).toBe('1.00倍');
    expect(formatWithUnit('amount', null)).toBe('-');
  });
  it('marks estimate years with E', () => {
    expect(yearLabel(2025, true)).toBe('2025E');
    expect(yearLabel(2024, false)).toBe('2024');
  });
  it('sizes files in base 1024', () => {
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(0)).toBe('0.00 Bytes');
    expect(formatBytes(-1)).toBe('-');
  });
});

describe('dates', () => {
  it('prints the report time in Beijing time whatever the machine’s zone', () => {
    expect(formatGeneratedAt(new Date('2026-01-31T18:04:05Z'))).toBe('2026-02-01 02:04:05（北京时间）');
    expect(beijingParts(new Date('2026-06-30T23:59:59+08:00')).hour).toBe('23');
  });
  it('names files by the reader’s local day and time', () => {
    const day = new Date(2025, 2, 7, 9, 5, 3);
    expect(formatLocalDate(day)).toBe('2025-03-07');
    expect(fileTimestamp(day)).toBe('20250307_090503');
  });
  it('shows an ISO time to the minute, and unreadable text as it is', () => {
    expect(formatMinute(new Date(2025, 2, 8, 14, 5).toISOString())).toBe('2025/03/08 14:05');
    expect(formatMinute('not a time')).toBe('not a time');
    expect(formatMinute('')).toBe('-');
  });
});
