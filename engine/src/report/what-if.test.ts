import { describe, expect, it } from 'vitest';
import { ICBC_BUNDLE, SUMMARY_ONLY_BUNDLE } from '../testing/model-bundles.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { createAnalyticsCache } from '../valuation/company-valuation.ts';
import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from '../valuation/parameters.ts';
import type { CompanyBundle, MarketContext } from './company-bundle.ts';
import { impliedGrowthFor, mergeOverrides, NO_WHAT_IF, whatIfView } from './what-if.ts';

const bundle: CompanyBundle = {
  company: { code: '000001', name: '样本公司', industry: '制造业' },
  statements: SAMPLE_COMPANY,
  parameters: { ...NO_MANUAL_PARAMETERS, wacc_manual: 0.09 },
  overrides: { 2026: { da_ratio: 0.06 } },
  waccAssumptions: WACC_ASSUMPTIONS,
  version: 1,
};

describe('the what-if of a company the registry values by excess returns', () => {
  it('presents no FCFF DCF for a summary-only company or a bank: the reason stands in its place', () => {
    for (const [company, reason] of [
      [SUMMARY_ONLY_BUNDLE, '仅有财务摘要'],
      [ICBC_BUNDLE, '金融企业'],
    ] as const) {
      const view = whatIfView(company, { parameters: { wacc_manual: 0.09 }, overrides: {} });
      expect(view.dcf, company.company.name).toBeNull();
      expect(view.dcfError, company.company.name).toContain(reason);
      expect(impliedGrowthFor(company, NO_WHAT_IF, 10)).toEqual({ error: view.dcfError });
    }
  });
});

describe('what-ifs on top of the stored inputs', () => {
  it('layers overrides year by year, the what-if winning', () => {
    expect(mergeOverrides({ 2026: { da_ratio: 0.06, tax_expenses_pct: 0.01 } }, { 2026: { da_ratio: 0.07 } })).toEqual({
      2026: { da_ratio: 0.07, tax_expenses_pct: 0.01 },
    });
  });

  it('keeps the stored override and the stored WACC unless the what-if changes them', () => {
    const view = whatIfView(bundle, NO_WHAT_IF);
    expect(view.params.effective_values.wacc).toBe(0.09);
    expect(view.financialData.forecast[1]?.sources?.da_ratio).toBe('user_set');
    const changed = whatIfView(bundle, { parameters: { wacc_manual: 0.1 }, overrides: { 2027: { da_ratio: 0.05 } } });
    expect(changed.params.effective_values.wacc).toBe(0.1);
    expect(changed.financialData.forecast[2]?.da_ratio).toBe(0.05);
    expect(changed.dcf?.valuation.value_per_share).not.toBe(view.dcf?.valuation.value_per_share);
  });

  it('shows the engine’s message instead of figures when WACC ≤ g', () => {
    const view = whatIfView(bundle, {
      parameters: { wacc_manual: 0.02, terminal_growth_rate_manual: 0.03 },
      overrides: {},
    });
    expect(view.dcf).toBeNull();
    expect(view.dcfError).toBe('WACC（2%）必须大于永续增长率（3%）');
  });

  it('refuses what the server doors refuse: out of range, years outside the horizon (the range table)', () => {
    const view = whatIfView(bundle, { parameters: { wacc_manual: 8 }, overrides: { 2040: { da_ratio: 0.05 } } });
    expect(view.dcf).toBeNull();
    expect(view.issues.map((issue) => [issue.code, issue.field])).toEqual([
      ['out_of_range', 'wacc_manual'],
      ['year_outside_horizon', 'year'],
    ]);
    expect(view.dcfError).toContain('WACC（wacc_manual）为 800%，超出合理范围（1% 至 30%）');
    expect(impliedGrowthFor(bundle, { parameters: { wacc_manual: 8 }, overrides: {} }, 10)).toEqual({
      error: 'WACC（wacc_manual）为 800%，超出合理范围（1% 至 30%）',
    });
  });

  it('finds the growth a price implies, and explains when it cannot', () => {
    const price = whatIfView(bundle, NO_WHAT_IF).dcf?.valuation.value_per_share as number;
    const implied = impliedGrowthFor(bundle, NO_WHAT_IF, price);
    expect('growth' in implied && Number.isFinite(implied.growth)).toBe(true);
    expect(impliedGrowthFor(bundle, NO_WHAT_IF, -1)).toEqual({ error: '股价必须为正数' });
  });
});

describe('reverse DCF at the page’s own value', () => {
  // The sample company's ratios are the same every year: with one revenue growth for every forecast year,
  // its FCF and NOPAT grow at exactly that rate, so the page's value per share implies it back.
  const steady = { ...bundle, overrides: {} };
  const growth = 0.07;
  it.each([
    ['gordon', null],
    ['value_driver', null],
    ['value_driver', 0.2],
  ] as const)('gives back the forecast’s growth under %s (RONIC %s)', (method, ronic) => {
    const whatIf = {
      parameters: { terminal_value_method: method, ronic_manual: ronic },
      overrides: { 2025: { operating_revenue_yoy: growth } },
    };
    const price = whatIfView(steady, whatIf).dcf?.valuation.value_per_share as number;
    const implied = impliedGrowthFor(steady, whatIf, price);
    expect('growth' in implied ? implied.growth : implied.error).toBeCloseTo(growth, 8);
  });

  it('counts the shares as the page does: the quote’s count when there is one', () => {
    const whatIf = { parameters: {}, overrides: { 2025: { operating_revenue_yoy: growth } } };
    const quote = { price: 20, date: '2025-06-30', market_cap: null, shares: 12.5 };
    const market: MarketContext = { quote, today: '2025-07-01' };
    const price = whatIfView(steady, whatIf, undefined, market).dcf?.valuation.value_per_share as number;
    const implied = impliedGrowthFor(steady, whatIf, price, undefined, market);
    expect('growth' in implied ? implied.growth : implied.error).toBeCloseTo(growth, 8);
  });
});

describe('the edit path’s analytics cache', () => {
  it('gives the same view as a full recompute', () => {
    const cache = createAnalyticsCache();
    const whatIf = { parameters: { wacc_manual: 0.1 }, overrides: { 2027: { da_ratio: 0.05 } } };
    whatIfView(bundle, NO_WHAT_IF, cache);
    expect(whatIfView(bundle, whatIf, cache)).toEqual(whatIfView(bundle, whatIf));
  });
});
