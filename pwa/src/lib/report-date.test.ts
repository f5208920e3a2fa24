import { describe, expect, it } from 'vitest';
import { dataDateText, isReportStale } from './report-date.ts';

describe('the data date', () => {
  it('is stale once the next annual report must be out (1 May two years on)', () => {
    expect(isReportStale(2024, new Date(2026, 3, 30))).toBe(false);
    expect(isReportStale(2024, new Date(2026, 4, 1))).toBe(true);
    expect(isReportStale(2019, new Date(2026, 0, 1))).toBe(true);
    expect(isReportStale(2025, new Date(2026, 10, 24))).toBe(false);
  });

  it('reads 基于 2019 年报', () => {
    expect(dataDateText(2019)).toBe('基于 2019 年报');
  });
});
