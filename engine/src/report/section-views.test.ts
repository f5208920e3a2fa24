import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GROWTH_REASONS } from '../history/growth-ratios.ts';
import { peerFiguresOf } from '../history/peer-figures.ts';
import { RISK_REASONS } from '../history/risk-ratios.ts';
import { sampleWith } from '../testing/company-variants.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { valueCompany } from '../valuation/company-valuation.ts';
import { basicInfoView } from './basic-info-view.ts';
import { growthView } from './growth-view.ts';
import {
  type IndustryPeer,
  industryComparisonView,
  industryStatisticsOf,
  marketPeerFigures,
  median,
  medianOfSorted,
  NO_MARKET_FIGURES,
  percentileInSorted,
  percentileOf,
} from './industry-comparison-view.ts';
import { riskView } from './risk-view.ts';
import { basicInfoSpec, NO_PRICE_TEXT } from './specs/basic-info-spec.ts';
import { growthSpec } from './specs/growth-spec.ts';
import { industryComparisonSpec, NO_INDUSTRY_DATA } from './specs/industry-comparison-spec.ts';
import { NOT_MEANINGFUL_TEXT } from './specs/ratio-rows.ts';
import { riskSpec } from './specs/risk-spec.ts';

/** The sample company with a full balance sheet: assets 200, liabilities 97, current 80 / 40. */
const WITH_BALANCE_SHEET = sampleWith((_year, figures) => ({
  ...figures,
  total_assets: 200,
  total_liabilities: 97,
  current_assets_total: 80,
  current_liabilities_total: 40,
}));

function growthOf(statements = SAMPLE_COMPANY) {
  return growthView(valueCompany({ statements }), statements);
}

function riskOf(statements = WITH_BALANCE_SHEET) {
  return riskView(valueCompany({ statements }), statements);
}

describe('growth (hand-worked on the sample company)', () => {
  it('compounds revenue at 25% over 3 years and says why 5 and 10 years are missing', () => {
    const revenue = growthOf().figures.find((figure) => figure.figure === 'revenue');
    // 51.2 → 100 in three years: 1.25³ = 1.953125.
    expect(revenue?.cagr[0]?.value).toBeCloseTo(0.25, 12);
    expect(revenue?.cagr[1]).toEqual({ span: 5, value: null, reason: GROWTH_REASONS.notEnoughYears(5) });
    expect(revenue?.growth_share).toBe(1);
    expect([revenue?.rose, revenue?.compared]).toEqual([3, 3]);
  });

  it('works 归母净利润 and book value, and counts a flat book value as no growth', () => {
    const view = growthOf();
    const profit = view.figures.find((figure) => figure.figure === 'net_profit_parent');
    // 归母 = 0.15 × revenue − 0.5: 7.18 in 2021, 14.5 in 2024.
    expect(profit?.cagr[0]?.value).toBeCloseTo((14.5 / 7.18) ** (1 / 3) - 1, 12);
    const book = view.figures.find((figure) => figure.figure === 'book_value');
    expect(book?.cagr[0]?.value).toBeCloseTo(0, 12);
    expect(book?.growth_share).toBe(0);
  });

  it('reads earnings quality as operating cash flow / net profit, n.m. for a loss', () => {
    const latest = growthOf().years.at(-1);
    // OCF 15% of revenue, net profit 20% × 75% = 15% of revenue.
    expect(latest?.earnings_quality.value).toBeCloseTo(1, 12);
    const loss = sampleWith((year, figures) => (year === 2024 ? { ...figures, net_profit: -2 } : figures));
    expect(growthOf(loss).years.at(-1)?.earnings_quality).toEqual({
      value: null,
      reason: GROWTH_REASONS.profitNotPositive,
    });
  });

  it('gives a CAGR with a negative end as n.m. in the table spec, with its reason under the table', () => {
    const loss = sampleWith((year, figures) =>
      year === 2024 ? { ...figures, net_profit_parent: -1, net_profit: -1 } : figures,
    );
    const spec = growthSpec(growthOf(loss));
    const row = spec.tables[0]?.rows.find((candidate) => candidate.key === 'net_profit_parent');
    expect(row?.texts[0]).toBe(NOT_MEANINGFUL_TEXT);
    expect(spec.hints.some((hint) => hint.includes(GROWTH_REASONS.signChange))).toBe(true);
  });
});

describe('risk (hand-worked on the sample company)', () => {
  it('computes every ratio of the latest year', () => {
    const latest = riskOf().years.at(-1);
    expect(latest?.debt_to_assets.value).toBeCloseTo(97 / 200, 12);
    // Interest-bearing debt 10 + 5 + 20 = 35 over equity 100 + 3.
    expect(latest?.debt_to_equity.value).toBeCloseTo(35 / 103, 12);
    // (35 − cash 30 − trading assets 2) / (EBIT 20 + D&A 5).
    expect(latest?.net_debt_to_ebitda.value).toBeCloseTo(3 / 25, 12);
    expect(latest?.interest_coverage.value).toBeCloseTo(20 / 1.4, 12);
    expect(latest?.current_ratio.value).toBeCloseTo(2, 12);
    // (80 − inventories 10) / 40.
    expect(latest?.quick_ratio.value).toBeCloseTo(1.75, 12);
    // cash 30 / (short-term borrowings 10 + current portion 5).
    expect(latest?.cash_to_short_term_debt.value).toBeCloseTo(2, 12);
  });

  it('says n.m. with a reason for net interest income and for no short-term debt', () => {
    const statements = sampleWith((_year, figures) => ({
      ...figures,
      total_assets: 200,
      financial_expenses: -0.5,
      short_term_borrowings: 0,
      current_portion_non_current_liabilities: 0,
    }));
    const latest = riskOf(statements).years.at(-1);
    expect(latest?.interest_coverage).toEqual({ value: null, reason: RISK_REASONS.noInterestExpense });
    expect(latest?.cash_to_short_term_debt).toEqual({ value: null, reason: RISK_REASONS.noShortTermDebt });
    const spec = riskSpec(riskOf(statements));
    const row = spec.tables[0]?.rows.find((candidate) => candidate.key === 'interest_coverage');
    expect(row?.texts.at(-1)).toBe(NOT_MEANINGFUL_TEXT);
    expect(row?.label).toContain('≥5倍');
  });

  it('says which data is missing instead of drawing empty axes', () => {
    const noBalanceSheet = { ...SAMPLE_COMPANY, years: { 2024: { operating_revenue: 100, operating_cost: 60 } } };
    expect(riskSpec(riskOf(noBalanceSheet)).empty).toContain('缺少资产负债表');
  });
});

describe('basic info', () => {
  it('shows the listing, the share count with its source, and the no-price state', () => {
    const valuation = valueCompany({ statements: SAMPLE_COMPANY });
    const view = basicInfoView(
      valuation,
      {
        code: '000001',
        name: '样本公司',
        industry: '制造业',
        listing: {
          market: '深圳主板',
          listed_on: '2001-01-02',
          industry_code: 'C38',
          sub_industry: '电气机械和器材制造业',
        },
      },
      null,
    );
    expect(view.latest_report_date).toBe('2024-12-31');
    expect(view.market_cap).toBeNull();
    const texts = Object.fromEntries(basicInfoSpec(view).tables[0]?.rows.map((row) => [row.key, row.texts[0]]) ?? []);
    expect(texts.market).toBe('深圳主板');
    expect(texts.industry).toBe('制造业 / 电气机械和器材制造业（C38）');
    expect(texts.total_shares).toContain('亿股');
    expect(texts.price).toBe(NO_PRICE_TEXT);
  });
});

describe('industry comparison', () => {
  const peer = (code: string, roe: number | null, revenue: number, financial = false): IndustryPeer => ({
    code,
    name: `公司${code}`,
    year: 2024,
    revenue,
    financial,
    roe,
    roic: null,
    gross_margin: null,
    net_margin: null,
    revenue_growth: null,
    debt_to_assets: null,
    ...NO_MARKET_FIGURES,
  });

  it('works the median and the percentile by hand, ties counted half', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
    // Of 1, 2, 2, 5: one below 2, two equal → (1 + 1) / 4.
    expect(percentileOf(2, [1, 2, 2, 5])).toBe(0.5);
    expect(percentileOf(null, [1])).toBeNull();
    // Above all, below all, between: the sorted search agrees with counting.
    expect(percentileInSorted(9, [1, 2, 2, 5])).toBe(1);
    expect(percentileInSorted(0, [1, 2, 2, 5])).toBe(0);
    expect(percentileInSorted(3, [1, 2, 2, 5])).toBe(0.75);
    expect(medianOfSorted([1, 2, 2, 5])).toBe(2);
  });

  it('the sorted search gives the counted percentile for any figures', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 1 }),
        fc.integer({ min: -25, max: 25 }),
        (values, value) => {
          const below = values.filter((candidate) => candidate < value).length;
          const equal = values.filter((candidate) => candidate === value).length;
          expect(percentileOf(value, values)).toBeCloseTo((below + equal / 2) / values.length, 12);
        },
      ),
    );
  });

  it('leaves banks out of a non-financial industry and says how many each median covers', () => {
    const statistics = industryStatisticsOf('制造业', [
      peer('A', 0.2, 50),
      peer('B', 0.1, 80),
      peer('C', null, 10),
      peer('BANK', 0.5, 900, true),
    ]);
    expect(statistics.sorted.roe).toEqual([0.1, 0.2]);
    const view = industryComparisonView({ code: 'A', industry: '制造业' }, peer('A', 0.2, 50), statistics);
    const roe = view.metrics.find((metric) => metric.metric === 'roe');
    expect(roe).toMatchObject({ value: 0.2, count: 2, percentile: 0.75 });
    expect(roe?.median).toBeCloseTo(0.15, 12);
    expect(view.excluded_financial).toBe(1);
    expect(view.companies).toBe(4);
    expect(view.top.map((company) => company.code)).toEqual(['B', 'A', 'C']);
    const spec = industryComparisonSpec(view);
    expect(spec.tables[0]?.rows[0]?.texts).toEqual(['20.00%', '15.00%', '75%', '2家']);
    expect(spec.hints[0]).toContain('已剔除1家金融类公司');
  });

  it('keeps banks in a financial industry’s statistics', () => {
    const statistics = industryStatisticsOf('金融业', [peer('BANK1', 0.1, 900, true), peer('BANK2', 0.12, 800, true)]);
    expect(statistics.excluded_financial).toBe(0);
    expect(statistics.sorted.roe).toEqual([0.1, 0.12]);
  });

  it('compares P/E, P/B and margin of safety among the quoted companies, a loss making P/E n.m.', () => {
    const figures = {
      valuePerShare: 30,
      bridgeTotal: 0,
      shares: 10,
      netProfit: 20,
      parentEquity: 100,
      ebit: 25,
      fcf: 15,
    };
    // Price 20 × 10 亿股 = 200 亿元: P/E 200 / 20 = 10, P/B 200 / 100 = 2, margin 30 / 20 − 1 = 50%.
    const quoted = marketPeerFigures(
      { price: 20, date: '2024-12-31', market_cap: null, shares: null },
      figures,
      '2025-01-02',
    );
    expect(quoted).toEqual({ pe: 10, pb: 2, margin_of_safety: 0.5 });
    const loss = marketPeerFigures(
      { price: 20, date: '2024-12-31', market_cap: null, shares: null },
      { ...figures, netProfit: -5 },
      '2025-01-02',
    );
    expect(loss.pe).toBeNull();
    expect(marketPeerFigures(null, figures, '2025-01-02')).toEqual(NO_MARKET_FIGURES);
    const statistics = industryStatisticsOf('制造业', [
      { ...peer('A', 0.2, 50), ...quoted },
      { ...peer('B', 0.1, 80), pe: 20, pb: 4, margin_of_safety: -0.1 },
      { ...peer('C', 0.1, 10), ...loss },
      peer('D', 0.1, 10),
    ]);
    const view = industryComparisonView(
      { code: 'A', industry: '制造业' },
      { ...peer('A', 0.2, 50), ...quoted },
      statistics,
    );
    const pe = view.metrics.find((metric) => metric.metric === 'pe');
    expect(pe).toMatchObject({ value: 10, median: 15, count: 2, percentile: 0.25 });
    const spec = industryComparisonSpec(view);
    expect(spec.tables[0]?.rows.find((row) => row.key === 'pe')?.texts).toEqual(['10.00倍', '15.00倍', '25%', '2家']);
    expect(spec.tables[1]?.rows.find((row) => row.key === 'C')?.texts.at(-2)).toBe(NOT_MEANINGFUL_TEXT);
  });

  it('reads a company’s figures from its latest two reports with the report’s formulas', () => {
    const figures = peerFiguresOf(WITH_BALANCE_SHEET, '制造业');
    expect(figures?.year).toBe(2024);
    expect(figures?.revenue_growth).toBeCloseTo(0.25, 12);
    expect(figures?.gross_margin).toBeCloseTo(0.4, 12);
    expect(figures?.debt_to_assets).toBeCloseTo(97 / 200, 12);
    expect(figures?.financial).toBe(false);
  });

  it('says the data is missing when the bundle has none, instead of an empty table', () => {
    expect(industryComparisonSpec(null).empty).toBe(NO_INDUSTRY_DATA);
  });
});
