import { describe, expect, it } from 'vitest';
import { sampleWith } from '../testing/company-variants.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { valueCompany } from '../valuation/company-valuation.ts';
import { type IndustryComparisonView, NO_MARKET_FIGURES } from './industry-comparison-view.ts';
import { peValuationView } from './pe-valuation-view.ts';
import { peValuationSpec } from './specs/pe-valuation-spec.ts';
import { NOT_MEANINGFUL_TEXT } from './specs/ratio-rows.ts';
import { valuationSummarySpec } from './specs/valuation-summary-spec.ts';
import { NO_QUOTE_TEXT, valuationSummaryView } from './valuation-summary-view.ts';

/**
 * 估值与股息 and PE估值 worked by hand on the sample company: 2024 归母净利润 = 0.15 × 100 − 0.5 = 14.5,
 * 归母净资产 100, EBIT 20 (亿元).
 */

const valuation = valueCompany({ statements: SAMPLE_COMPANY });
const latest = SAMPLE_COMPANY.years[2024];
const QUOTE = { price: 20, date: '2024-12-31', market_cap: 290, shares: null, dividend_yield: 0.031 };

describe('估值与股息 (hand-worked)', () => {
  it('P/E = 290 / 14.5 = 20, P/B = 290 / 100 = 2.9, dividend yield from the quote, margin = value / 20 − 1', () => {
    const view = valuationSummaryView(valuation, latest, QUOTE, '2025-01-02');
    expect(view.market?.pe).toBeCloseTo(20, 12);
    expect(view.market?.pb).toBeCloseTo(2.9, 12);
    expect(view.dividend_yield).toBe(0.031);
    const value = valuation.dcf?.valuation.value_per_share ?? Number.NaN;
    expect(view.value_per_share).toBeCloseTo(value, 12);
    expect(view.market?.margin_of_safety).toBeCloseTo(value / 20 - 1, 12);
    // Market EV = market cap less what the bridge adds to EV; EV/EBIT over the 2024 EBIT of 20.
    const bridge = (valuation.dcf?.valuation.equity_value ?? 0) - (valuation.dcf?.valuation.enterprise_value ?? 0);
    expect(view.market?.ev_ebit).toBeCloseTo((290 - bridge) / 20, 12);
    expect(view.no_price).toBeNull();
    expect(view.reasons).toEqual([]);
    const spec = valuationSummarySpec(view);
    const texts = Object.fromEntries(spec.tables[0]?.rows.map((row) => [row.key, row.texts]) ?? []);
    expect(texts.pe).toEqual(['20.00倍', '总市值 / 2024年归母净利润']);
    expect(texts.dividend_yield).toEqual(['3.10%', '2024-12-31 行情的股息率']);
    expect(spec.charts[0]?.series[0]?.values).toEqual([view.value_per_share, 20]);
  });

  it('a loss makes P/E n.m. with its reason; no quote says so and shows the value only', () => {
    const loss = sampleWith((year, figures) => (year === 2024 ? { ...figures, net_profit_parent: -3 } : figures));
    const lossValuation = valueCompany({ statements: loss });
    const view = valuationSummaryView(lossValuation, loss.years[2024], QUOTE, '2025-01-02');
    expect(view.market?.pe).toBeNull();
    expect(view.reasons.find((reason) => reason.figure === 'pe')?.reason).toContain('不为正');
    const peRow = valuationSummarySpec(view).tables[0]?.rows.find((row) => row.key === 'pe');
    expect(peRow?.texts[0]).toBe(NOT_MEANINGFUL_TEXT);

    const unpriced = valuationSummaryView(valuation, latest, null, '2025-01-02');
    expect(unpriced.market).toBeNull();
    expect(unpriced.no_price).toBe(NO_QUOTE_TEXT);
    const spec = valuationSummarySpec(unpriced);
    expect(spec.notice?.text).toBe(NO_QUOTE_TEXT);
    expect(spec.tables[0]?.rows.map((row) => row.key)).toEqual(['value_per_share']);
    expect(spec.charts).toEqual([]);
  });
});

function industryWith(pe: number | null, pb: number | null): IndustryComparisonView {
  const entry = (metric: 'pe' | 'pb', median: number | null) => ({
    metric,
    label: metric,
    value: null,
    median,
    percentile: null,
    count: median === null ? 0 : 5,
  });
  return {
    industry: '制造业',
    company_code: '000001',
    companies: 6,
    excluded_financial: 0,
    metrics: [entry('pe', pe), entry('pb', pb)],
    top: [
      {
        code: '000001',
        name: '样本公司',
        year: 2024,
        revenue: 100,
        financial: false,
        roe: null,
        roic: null,
        gross_margin: null,
        net_margin: null,
        revenue_growth: null,
        debt_to_assets: null,
        ...NO_MARKET_FIGURES,
      },
    ],
  };
}

describe('PE估值 (hand-worked)', () => {
  const yearEnds = [
    { date: '2023-06-30', price: 10, market_cap: 100, shares: null },
    // The last snapshot of 2023 is the one used: 2023 归母 = 0.15 × 80 − 0.5 = 11.5.
    { date: '2023-12-29', price: 23, market_cap: 230, shares: null },
    // No market cap: price × 总股本 = 29 × 10 = 290.
    { date: '2024-12-31', price: 29, market_cap: null, shares: 10 },
  ];

  it('year-end P/E and P/B, and the values the industry medians imply beside the DCF', () => {
    const view = peValuationView(valuation, SAMPLE_COMPANY, yearEnds, industryWith(15, 2), 29);
    expect(view.years.map((row) => [row.year, row.date])).toEqual([
      [2023, '2023-12-29'],
      [2024, '2024-12-31'],
    ]);
    expect(view.years[0]?.pe).toBeCloseTo(230 / 11.5, 12);
    expect(view.years[1]?.market_cap).toBe(290);
    expect(view.years[1]?.pe).toBeCloseTo(20, 12);
    expect(view.years[1]?.pb).toBeCloseTo(2.9, 12);
    const shares = valuation.parameters.total_shares;
    expect(view.earnings_per_share).toBeCloseTo(14.5 / shares, 12);
    expect(view.implied_by_pe).toBeCloseTo((15 * 14.5) / shares, 12);
    expect(view.implied_by_pb).toBeCloseTo((2 * 100) / shares, 12);
    expect(view.dcf_value_per_share).toBeCloseTo(valuation.dcf?.valuation.value_per_share ?? Number.NaN, 12);
    expect(view.missing).toEqual([]);
    const spec = peValuationSpec(view);
    expect(spec.tables[0]?.columns).toEqual(['2023', '2024']);
    expect(spec.tables[1]?.rows.map((row) => row.key)).toEqual(['dcf', 'by_pe', 'by_pb', 'price']);
    expect(spec.charts.map((chart) => chart.id)).toEqual([
      'pe-pb-history',
      'pe-market-cap-history',
      'pe-implied-values',
    ]);
  });

  it('year-ends after the latest report keep their close and market cap, without multiples (-, not n.m.)', () => {
    const later = [...yearEnds, { date: '2025-12-31', price: 40, market_cap: 400, shares: 10 }];
    const view = peValuationView(valuation, SAMPLE_COMPANY, later, industryWith(15, 2), 40);
    expect(view.years.map((row) => [row.year, row.reported, row.shares, row.market_cap, row.pe])).toEqual([
      [2023, true, null, 230, 230 / 11.5],
      [2024, true, 10, 290, expect.closeTo(20, 12)],
      [2025, false, 10, 400, null],
    ]);
    expect(view.missing).toEqual([]);
    const table = peValuationSpec(view).tables[0];
    const texts = Object.fromEntries(table?.rows.map((row) => [row.key, row.texts]) ?? []);
    expect(table?.rows.map((row) => row.key)).toEqual(['price', 'shares', 'market_cap', 'pe', 'pb']);
    expect(texts.price).toEqual(['23.00', '29.00', '40.00']);
    expect(texts.shares).toEqual(['-', '10.00', '10.00']);
    expect(texts.pe).toEqual(['20.00倍', '20.00倍', '-']);
    expect(texts.pb).toEqual(['2.30倍', '2.90倍', '-']);
  });

  it('today’s DCF equity value is drawn over the year-end market caps, not set against each close', () => {
    const view = peValuationView(valuation, SAMPLE_COMPANY, yearEnds, null, 29);
    const equity = valuation.dcf?.valuation.equity_value ?? Number.NaN;
    expect(view.dcf_equity_value).toBeCloseTo(equity, 12);
    const chart = peValuationSpec(view).charts.find((one) => one.id === 'pe-market-cap-history');
    expect(chart?.labels).toEqual(['2023', '2024']);
    expect(chart?.series[0]?.values).toEqual([230, 290]);
    expect(chart?.benchmarks).toEqual([{ label: 'DCF股权价值（2024年报，今日估值）', value: view.dcf_equity_value }]);
    expect(chart?.note).toContain('并非当年的估值');
  });

  it('says which data is missing instead of drawing empty axes', () => {
    const view = peValuationView(valuation, SAMPLE_COMPANY, [], null, null);
    expect(view.years).toEqual([]);
    expect(view.implied_by_pe).toBeNull();
    expect(view.missing).toEqual([expect.stringContaining('暂无年末行情'), expect.stringContaining('暂无行业统计')]);
    const spec = peValuationSpec(view);
    expect(spec.tables.map((table) => table.id)).toEqual(['pe-implied']);
    expect(spec.charts).toEqual([]);
    expect(spec.notice?.items).toEqual(view.missing);
  });
});
