import { describe, expect, it } from 'vitest';
import { sampleWith } from '../testing/company-variants.ts';
import { ICBC_BUNDLE, SUMMARY_ONLY_BUNDLE } from '../testing/model-bundles.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { WACC_ASSUMPTIONS } from '../valuation/wacc.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { checkWaccInput, waccToolView } from './wacc-tool.ts';

const BUNDLE: CompanyBundle = {
  company: { code: SAMPLE_COMPANY.code, name: SAMPLE_COMPANY.name, industry: '制造业' },
  statements: SAMPLE_COMPANY,
  parameters: { wacc_manual: null, terminal_growth_rate_manual: null, total_shares_manual: null },
  overrides: {},
  waccAssumptions: WACC_ASSUMPTIONS,
  version: 1,
};

describe('the WACC tool of a company the FCFF does not value', () => {
  it('says why a WACC does not apply to a bank, with the API’s code', () => {
    const view = waccToolView(ICBC_BUNDLE, {});
    expect(view.not_applicable?.code).toBe('financial_company');
    expect(view.not_applicable?.message).toMatch(/^WACC不适用于金融企业：/);
    expect(view.value_per_share).toBeNull();
  });

  it('gives a summary-only company no FCFF value per share at any WACC, only the reason', () => {
    const view = waccToolView(SUMMARY_ONLY_BUNDLE, {});
    expect(view.not_applicable).toBeNull();
    expect(view.value_per_share).toBeNull();
    expect(view.value_error).toContain('仅有财务摘要');
  });
});

describe('the WACC tool', () => {
  it('shows the stored components and the same WACC the valuation applies', () => {
    const view = waccToolView(BUNDLE, {});
    expect(view.inputs?.risk_free_rate).toBe(0.03);
    expect(view.calculated).toBeCloseTo(view.stored.calculated_wacc ?? Number.NaN, 12);
    expect(view.applied).toBeCloseTo(view.stored.applied_wacc, 12);
    expect(view.edited).toEqual([]);
    expect(view.value_per_share).not.toBeNull();
  });

  it('recomputes the WACC from edited inputs by hand and values the company at it', () => {
    const edits = {
      risk_free_rate: 0.025,
      beta: 1.2,
      equity_risk_premium: 0.06,
      cost_of_debt: 0.04,
      tax_rate: 0.25,
      debt_weight: 0.3,
    };
    const view = waccToolView(BUNDLE, edits);
    // 0.7 × (2.5% + 1.2 × 6%) + 0.3 × 4% × 0.75 = 0.7 × 9.7% + 0.9% = 7.69%.
    expect(view.calculated).toBeCloseTo(0.0769, 12);
    expect(view.applied).toBeCloseTo(0.0769, 12);
    expect(view.bound).toBeNull();
    const cheaper = waccToolView(BUNDLE, { ...edits, beta: 0.5 });
    expect(cheaper.value_per_share ?? 0).toBeGreaterThan(view.value_per_share ?? 0);
  });

  it('keeps the WACC within its bound and says which bound', () => {
    const view = waccToolView(BUNDLE, { beta: 4 });
    expect(view.calculated ?? 0).toBeGreaterThan(0.14);
    expect(view.applied).toBe(0.14);
    expect(view.bound).toBe('cap');
  });

  it('refuses inputs out of range with a Chinese message', () => {
    expect(checkWaccInput('beta', 6)).toBe('行业 β须在 0 至 5 之间');
    expect(checkWaccInput('tax_rate', 0.25)).toBeNull();
    expect(checkWaccInput('risk_free_rate', Number.NaN)).toBe('无风险利率 rf须为数字');
  });

  it('carries the warnings and the data date of the value, 不适用 when the equity value is not positive', () => {
    const indebted = sampleWith((year) => (year === 2024 ? { long_term_borrowings: 1000 } : {}));
    const view = waccToolView({ ...BUNDLE, statements: indebted }, {}, undefined, { asOf: '2027-01-15' });
    expect(view.value_per_share).toBeLessThan(0);
    expect(view.value_not_applicable).toContain('股权价值为负');
    expect(view.warnings.map((warning) => warning.code)).toEqual(
      expect.arrayContaining(['negative_equity_value', 'stale_report']),
    );
    expect(view.latest_year).toBe(2024);
    const ordinary = waccToolView(BUNDLE, {}, undefined, { asOf: '2025-06-30' });
    expect(ordinary.value_not_applicable).toBeNull();
    expect(ordinary.warnings.map((warning) => warning.code)).not.toContain('stale_report');
  });
});
