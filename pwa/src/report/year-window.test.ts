import { describe, expect, it } from 'vitest';
import { SMALL_CHART_WINDOW, trendWindow, windowYears, yearColumnCount } from './year-window.ts';

const points = [
  ...Array.from({ length: 12 }, (_, index) => ({ year: 2013 + index, isEstimate: false })),
  ...Array.from({ length: 5 }, (_, index) => ({ year: 2025 + index, isEstimate: true })),
];
const years = (window: Parameters<typeof windowYears>[1]) => windowYears(points, window).map((point) => point.year);

describe('year windows (spec §9)', () => {
  it('shows 9 historical and every forecast year on the wide chart', () => {
    expect(years(trendWindow(false))).toEqual([
      2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029,
    ]);
  });

  it('shows 5 and 5 on the wide chart at 768 px or less, and always on the small charts', () => {
    const expected = [2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029];
    expect(years(trendWindow(true))).toEqual(expected);
    expect(years(SMALL_CHART_WINDOW)).toEqual(expected);
  });

  it('keeps what there is when the company has fewer years', () => {
    expect(windowYears(points.slice(10, 13), SMALL_CHART_WINDOW).map((point) => point.year)).toEqual([
      2023, 2024, 2025,
    ]);
  });

  it('fits year columns of 60 px beside a 180 px label column', () => {
    expect(yearColumnCount(1024, 5)).toBe(5);
    expect(yearColumnCount(480, 5)).toBe(5);
    expect(yearColumnCount(430, 5)).toBe(4);
    expect(yearColumnCount(390, 5)).toBe(3);
    expect(yearColumnCount(320, 5)).toBe(2);
    expect(yearColumnCount(390, 1)).toBe(1);
  });
});
