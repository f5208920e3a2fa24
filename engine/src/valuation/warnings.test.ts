import { describe, expect, it } from 'vitest';
import { sampleWith } from '../testing/company-variants.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { valueCompany } from './company-valuation.ts';
import { WACC_ASSUMPTIONS } from './wacc.ts';
import { isReportStale, WARNING_CODES, type WarningCode } from './warnings.ts';

const codes = (result: ReturnType<typeof valueCompany>): WarningCode[] => result.warnings.map((entry) => entry.code);

describe('stale reports', () => {
  it('are more than 18 months old: 2024’s report is stale after 2026-06-30', () => {
    expect(isReportStale(2024, '2026-06-30')).toBe(false);
    expect(isReportStale(2024, '2026-07-01')).toBe(true);
    expect(isReportStale(2024, '2026-07-01T08:00:00Z')).toBe(true);
  });

  it('refuses a date that is not one', () => {
    expect(() => isReportStale(2024, '01/07/2026')).toThrow('无效的日期');
    expect(() => isReportStale(2024, '2026-13-01')).toThrow('无效的日期');
  });

  it('warn through valueCompany with the caller’s date (the engine reads no clock)', () => {
    expect(codes(valueCompany({ statements: SAMPLE_COMPANY, asOf: '2027-01-15' }))).toContain('stale_report');
    expect(codes(valueCompany({ statements: SAMPLE_COMPANY, asOf: '2025-04-30' }))).not.toContain('stale_report');
    expect(codes(valueCompany({ statements: SAMPLE_COMPANY }))).not.toContain('stale_report');
  });
});

describe('warnings of the value itself', () => {
  it('a complete, ordinary company has none', () => {
    // At WACC 18% its terminal RONIC (about 51%, its ROIC) is within 1–3 × WACC.
    expect(valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: 0.18 } }).warnings).toEqual([]);
  });

  it('negative equity: debt above enterprise value keeps the number and warns', () => {
    const indebted = sampleWith((year) => (year === 2024 ? { long_term_borrowings: 1000 } : {}));
    const result = valueCompany({ statements: indebted, parameters: { wacc_manual: 0.09 } });
    expect(result.dcf?.valuation.equity_value).toBeLessThan(0);
    expect(codes(result)).toContain('negative_equity_value');
    expect(codes(result)).not.toContain('negative_enterprise_value');
  });

  it('negative enterprise value when the forecast burns cash', () => {
    // Ten yuan of fixed assets per yuan of sales: growth costs more than it earns, for ever.
    const burning = sampleWith((_, figures) => ({ fixed_assets: (figures.operating_revenue ?? 0) * 10 }));
    const result = valueCompany({ statements: burning, parameters: { wacc_manual: 0.09 } });
    expect(result.dcf?.valuation.enterprise_value).toBeLessThan(0);
    expect(codes(result)).toEqual(expect.arrayContaining(['negative_enterprise_value', 'negative_equity_value']));
  });

  it('the terminal value above 80% of EV', () => {
    const result = valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: 0.04 } });
    expect(result.dcf?.terminal_value_share).toBeGreaterThan(0.8);
    expect(codes(result)).toContain('terminal_value_dominates');
  });

  it('terminal reinvestment inconsistent with growth: a return below WACC, above 3 × WACC, or none', () => {
    const heavy = sampleWith((_, figures) => ({ fixed_assets: (figures.operating_revenue ?? 0) * 3 }));
    const low = valueCompany({ statements: heavy, parameters: { wacc_manual: 0.09 } });
    expect(low.dcf?.terminal.implied_ronic).toBeLessThan(0.09);
    const lowWarning = low.warnings.find((entry) => entry.code === 'terminal_reinvestment_inconsistent');
    expect(lowWarning?.message).toContain('低于 WACC');
    // The sample's RONIC ≈ its ROIC of 50% > 3 × 9%: the warning gives the consistent value beside the shown.
    const high = valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: 0.09 } });
    const ronic = high.dcf?.terminal.implied_ronic as number;
    expect(ronic).toBeGreaterThan(0.27);
    const consistent = high.dcf?.terminal.consistent_value_per_share as number;
    expect(consistent).toBeLessThan(high.dcf?.valuation.value_per_share as number);
    const highWarning = high.warnings.find((entry) => entry.code === 'terminal_reinvestment_inconsistent');
    expect(highWarning?.message).toContain('3 倍');
    expect(highWarning?.message).toContain(`${consistent.toFixed(2)} 元`);
    // Payables that fund all growth: reinvestment ≤ 0 while g > 0.
    const funded = sampleWith((_, figures) => ({
      fixed_assets: 0,
      Accounts_Payable: (figures.operating_revenue ?? 0) * 0.6,
    }));
    const free = valueCompany({ statements: funded, parameters: { wacc_manual: 0.09 } });
    expect(free.dcf?.terminal.reinvestment_rate).toBeLessThanOrEqual(0);
    expect(free.warnings.find((entry) => entry.code === 'terminal_reinvestment_inconsistent')?.message).toContain(
      '不再投资',
    );
    // The value driver is consistent by construction: no warning.
    const driven = valueCompany({
      statements: SAMPLE_COMPANY,
      parameters: { wacc_manual: 0.09, terminal_value_method: 'value_driver' },
    });
    expect(codes(driven)).not.toContain('terminal_reinvestment_inconsistent');
  });

  it('a calculated WACC moved by its floor, with both figures (β 0.2, debt 300 at an AAA spread → raw below 6%)', () => {
    const leveraged = sampleWith(() => ({ long_term_borrowings: 300, financial_expenses: 1 }));
    const assumptions = { ...WACC_ASSUMPTIONS, beta: 0.2 };
    const result = valueCompany({ statements: leveraged, waccAssumptions: assumptions });
    expect(result.parameters.wacc_breakdown.calculated_wacc).toBeLessThan(0.06);
    expect(result.parameters.wacc_breakdown.bound_applied).toBe('floor');
    const warning = result.warnings.find((entry) => entry.code === 'wacc_bounded');
    expect(warning?.message).toContain('低于下限');
    expect(warning?.message).toContain('按 6.00% 估值');
    expect(
      codes(valueCompany({ statements: leveraged, waccAssumptions: assumptions, parameters: { wacc_manual: 0.07 } })),
    ).not.toContain('wacc_bounded');
  });

  it('share sources that disagree', () => {
    const merged = sampleWith(() => ({ eps_basic: 0.1 }));
    expect(codes(valueCompany({ statements: merged, parameters: { wacc_manual: 0.09 } }))).toContain('shares_disagree');
  });

  it('property developers by industry (K70, or the section name)', () => {
    for (const industry of ['K70', '房地产业']) {
      const result = valueCompany({ statements: SAMPLE_COMPANY, industry, parameters: { wacc_manual: 0.18 } });
      expect(codes(result)).toEqual(['property_developer']);
      expect(result.dcf).not.toBeNull();
    }
  });

  it('uses only codes of the one vocabulary', () => {
    expect(WARNING_CODES).toEqual(
      expect.arrayContaining([
        'negative_equity_value',
        'negative_enterprise_value',
        'terminal_value_dominates',
        'shares_disagree',
        'missing_lines',
        'wacc_bounded',
        'stale_report',
        'financial_company',
        'property_developer',
      ]),
    );
  });
});
