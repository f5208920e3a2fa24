import { describe, expect, it } from 'vitest';
import { RETURN_REASONS } from '../history/analytics.ts';
import type { CompanyStatements } from '../statements/items.ts';
import { sampleWith } from '../testing/company-variants.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { WACC_ASSUMPTIONS } from '../valuation/wacc.ts';
import { type CompanyBundle, valueBundle } from './company-bundle.ts';
import { COMPARE_MAX, compareHref, compareView, parseCompareCodes } from './compare-view.ts';
import { NOT_MEANINGFUL_TEXT } from './specs/ratio-rows.ts';
import { uncertaintyView } from './uncertainty-view.ts';

function bundleOf(statements: CompanyStatements, industry = '制造业'): CompanyBundle {
  return {
    company: { code: statements.code, name: statements.name, industry },
    statements,
    parameters: { wacc_manual: null, terminal_growth_rate_manual: null, total_shares_manual: null },
    overrides: {},
    waccAssumptions: WACC_ASSUMPTIONS,
    version: 1,
  };
}

/** The sample company with a balance sheet: assets 200, liabilities 97. */
const FIRST = bundleOf(sampleWith((_year, figures) => ({ ...figures, total_assets: 200, total_liabilities: 97 })));
/** A second company: the sample with a negative parent equity (ROE not meaningful), other code and name. */
const SECOND = bundleOf({
  ...sampleWith((_year, figures) => ({ ...figures, parent_equity: -10 })),
  code: '000002',
  name: '第二公司',
});
const TODAY = '2025-03-31';

describe('the company comparison (hand-worked on two companies)', () => {
  const view = compareView([
    {
      bundle: FIRST,
      market: { quote: { price: 10, date: '2025-03-28', market_cap: null, shares: null }, today: TODAY },
    },
    { bundle: SECOND, market: { quote: null, today: TODAY } },
  ]);
  const [first, second] = view.columns;

  it('lists the latest year’s key figures of each company, each with its year', () => {
    expect(view.columns.map((column) => [column.code, column.latestYear, column.color])).toEqual([
      ['000001', 2024, 'primary'],
      ['000002', 2024, 'amber'],
    ]);
    const figures = first?.figures;
    // Revenue 100 (80 the year before), 归母 0.15 × 100 − 0.5, gross margin 1 − 0.6, FCF 9.
    expect(figures?.revenue).toMatchObject({ value: 100, text: '100.00', year: 2024 });
    expect(figures?.revenue_growth.value).toBeCloseTo(0.25, 12);
    expect(figures?.revenue_growth.tone).toBe('rise');
    expect(figures?.net_profit.value).toBeCloseTo(14.5, 12);
    expect(figures?.gross_margin.value).toBeCloseTo(0.4, 12);
    expect(figures?.net_margin.value).toBeCloseTo(0.145, 12);
    expect(figures?.roe.value).toBeCloseTo(0.145, 12);
    expect(figures?.fcf.value).toBeCloseTo(9, 12);
    expect(figures?.fcf_margin.value).toBeCloseTo(0.09, 12);
    expect(figures?.debt_to_assets).toMatchObject({ value: 0.485, text: '48.50%', year: 2024 });
  });

  it('says n.m. with the reason for a ratio that is not meaningful, and - for a missing figure', () => {
    expect(second?.figures.roe).toMatchObject({
      value: null,
      text: NOT_MEANINGFUL_TEXT,
      reason: RETURN_REASONS.equityNotPositive,
    });
    expect(second?.figures.debt_to_assets).toMatchObject({ value: null, text: '-', reason: null });
  });

  it('prices a quoted company (margin of safety = value / price − 1) and says when there is no quote', () => {
    const value = first?.valuePerShare.value ?? Number.NaN;
    expect(value).toBeGreaterThan(0);
    expect(first?.valuePerShare.text).toMatch(/ 元$/);
    expect(first?.price).toEqual({ value: 10, text: '10.00 元', date: '2025-03-28' });
    expect(first?.marginOfSafety.value).toBeCloseTo(value / 10 - 1, 12);
    expect(second?.price).toBeNull();
    expect(second?.marginOfSafety).toEqual({ value: null, text: '暂无行情', tone: 'neutral' });
  });

  it('carries each company’s valuation warnings, as its report shows them', () => {
    const bank = compareView([
      {
        bundle: bundleOf({ ...SAMPLE_COMPANY, code: '601398', name: '银行' }, '金融业'),
        market: { quote: null, today: TODAY },
      },
      { bundle: FIRST, market: { quote: null, today: TODAY } },
    ]).columns[0];
    expect(bank?.warnings.map((warning) => warning.code)).toContain('financial_company');
    // Valued by excess returns (docs/model.md 15.1), as its report values it.
    const valued = valueBundle(bundleOf({ ...SAMPLE_COMPANY, code: '601398', name: '银行' }, '金融业'), TODAY);
    if (valued.model.id !== 'excess_return') throw new Error('not valued by excess returns');
    expect(bank?.valuePerShare.value).toBe(valued.model.result.value_per_share);
  });

  it('overlays revenue growth, ROE, ROIC and FCF margin by year, one line per company', () => {
    expect(view.charts.map((chart) => chart.id)).toEqual([
      'compare-revenue_growth',
      'compare-roe',
      'compare-roic',
      'compare-fcf_margin',
    ]);
    const growth = view.charts[0];
    expect(growth?.labels).toEqual(['2021', '2022', '2023', '2024']);
    expect(growth?.series.map((series) => [series.label, series.color, series.kind])).toEqual([
      ['样本公司', 'primary', 'line'],
      ['第二公司', 'amber', 'line'],
    ]);
    expect(growth?.series[0]?.values[0]).toBeNull();
    expect(growth?.series[0]?.values[1]).toBeCloseTo(0.25, 12);
    expect(view.charts[1]?.series[1]?.values.every((value) => value === null)).toBe(true);
  });
});

describe('the comparison address', () => {
  it('reads codes padded to 6 digits, without repeats, at most five, and returns what was not a code', () => {
    expect(parseCompareCodes('333,000651, 600690，333,abc')).toEqual({
      codes: ['000333', '000651', '600690'],
      rejected: ['abc'],
    });
    expect(parseCompareCodes('1,2,3,4,5,6').codes).toHaveLength(COMPARE_MAX);
    expect(parseCompareCodes(null)).toEqual({ codes: [], rejected: [] });
  });

  it('writes the codes back into the address', () => {
    expect(compareHref(['000333', '000651'])).toBe('/compare?codes=000333,000651');
    expect(compareHref([])).toBe('/compare');
  });
});

describe('the verdict of each compared company', () => {
  it('is the range’s verdict with its rating, as the uncertainty answer gives it; a bank’s by excess returns', () => {
    const quote = { price: 10, date: TODAY, market_cap: null, shares: null };
    const market = { quote, today: TODAY };
    const bank = bundleOf({ ...FIRST.statements, code: '600000', name: '银行' }, '金融业');
    const view = compareView([
      { bundle: FIRST, market },
      { bundle: bank, market },
    ]);
    const range = uncertaintyView(FIRST, quote, TODAY);
    expect(view.columns[0]?.verdict).toEqual({
      text: `${range.verdict}（不确定性${range.rating}）`,
      basis: range.basis,
    });
    const bankRange = uncertaintyView(bank, quote, TODAY);
    expect(bankRange.model).toBe('excess_return');
    expect(view.columns[1]?.verdict.text).toBe(`${bankRange.verdict}（不确定性${bankRange.rating}）`);
  });
});
