import { describe, expect, it } from 'vitest';
import { CHINA_10Y_YIELDS, mergedRiskFreeRates, riskFreeRateAt } from './risk-free-rates.ts';

/** ChinaBond's 10-year government bond yield at each year-end, in percent (docs/model.md §6). */
const CHINABOND_YEAR_ENDS: Readonly<Record<number, number>> = {
  2011: 3.43,
  2012: 3.57,
  2013: 4.55,
  2014: 3.62,
  2015: 2.82,
  2016: 3.01,
  2017: 3.88,
  2018: 3.23,
  2019: 3.14,
  2020: 3.14,
  2021: 2.78,
  2022: 2.84,
  2023: 2.56,
  2024: 1.68,
};

describe('the 10-year government bond yields', () => {
  it('holds every year-end 2011–2024 within 0.05 point of ChinaBond’s', () => {
    expect(CHINA_10Y_YIELDS.map((entry) => entry.year)).toEqual(Object.keys(CHINABOND_YEAR_ENDS).map(Number));
    for (const { year, rate } of CHINA_10Y_YIELDS) {
      expect(Math.abs(rate * 100 - (CHINABOND_YEAR_ENDS[year] ?? Number.NaN)), String(year)).toBeLessThanOrEqual(0.05);
    }
  });

  it('dates a valuation at the year-end before it, or its own on 31 December', () => {
    expect(riskFreeRateAt('2019-06-30', CHINA_10Y_YIELDS)).toEqual({ rate: 0.0323, date: '2018-12-31' });
    expect(riskFreeRateAt('2024-12-31', CHINA_10Y_YIELDS)).toEqual({ rate: 0.0168, date: '2024-12-31' });
  });
});

describe('an admin’s edits laid over the table', () => {
  it('replaces a year and adds a later one, in year order', () => {
    const merged = mergedRiskFreeRates([
      { year: 2025, rate: 0.0165 },
      { year: 2024, rate: 0.017 },
    ]);
    expect(merged.slice(-2)).toEqual([
      { year: 2024, rate: 0.017 },
      { year: 2025, rate: 0.0165 },
    ]);
    expect(merged).toHaveLength(CHINA_10Y_YIELDS.length + 1);
    expect(riskFreeRateAt('2026-03-01', merged)).toEqual({ rate: 0.0165, date: '2025-12-31' });
  });
});
