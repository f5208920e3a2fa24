import { describe, expect, it } from 'vitest';
import { selectFcf } from './fcf-source.ts';

const parts = { nopat: 10, noncash_cost: 3, working_capital_change: 2, capex: 4 };

describe('FCF source priority', () => {
  it('uses the historical figure before the first forecast year, even when others exist', () => {
    expect(selectFcf(2024, 2025, { historical: 8, dynamic: parts, manualForecast: 1 })).toEqual({
      value: 8,
      source: 'historical',
    });
    expect(selectFcf(2024, 2025, { dynamic: parts })).toEqual({ value: 0, source: 'none' });
  });

  it('prefers the dynamic components, then manual, any forecast row, auto, zero', () => {
    const all = { dynamic: parts, manualForecast: 5, forecast: 6, autoForecast: 7 };
    expect(selectFcf(2025, 2025, all)).toEqual({ value: 10 + 3 - 2 - 4, source: 'dynamic' });
    expect(selectFcf(2025, 2025, { ...all, dynamic: { ...parts, capex: Number.NaN } })).toEqual({
      value: 5,
      source: 'manual_forecast',
    });
    expect(selectFcf(2026, 2025, { forecast: 6, autoForecast: 7 })).toEqual({ value: 6, source: 'forecast' });
    expect(selectFcf(2027, 2025, { manualForecast: null, autoForecast: 7 })).toEqual({
      value: 7,
      source: 'auto_forecast',
    });
    expect(selectFcf(2028, 2025, {})).toEqual({ value: 0, source: 'none' });
  });
});
