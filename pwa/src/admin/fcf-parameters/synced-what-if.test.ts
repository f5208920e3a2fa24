import { describe, expect, it } from 'vitest';
import { whatIfFromSync } from './synced-what-if.ts';

describe('the admin forecast from the sync view', () => {
  it('collects one company’s overrides by year and its manual valuation parameters', () => {
    const forecast = new Map<string, Record<string, unknown> | null>([
      ['000333|2026|operating_revenue_yoy', { year: 2026, parameter: 'operating_revenue_yoy', value: 0.1 }],
      ['000333|2027|da_ratio', { year: 2027, parameter: 'da_ratio', value: 0.04 }],
      ['000333|2028|da_ratio', null],
      ['000651|2026|da_ratio', { year: 2026, parameter: 'da_ratio', value: 0.09 }],
    ]);
    const valuation = new Map([
      ['000333', { wacc_manual: 0.085, terminal_growth_rate_manual: null, total_shares_manual: null }],
    ]);
    expect(whatIfFromSync('000333', forecast, valuation)).toEqual({
      parameters: { wacc_manual: 0.085, terminal_growth_rate_manual: null, total_shares_manual: null },
      overrides: { 2026: { operating_revenue_yoy: 0.1 }, 2027: { da_ratio: 0.04 } },
    });
  });
});
