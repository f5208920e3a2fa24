import { type FcfRatioKey, RETURN_REASONS } from '@fcf/engine';
import {
  dcfValuationAnswer,
  errorAnswer,
  fcfRatioAnswer,
  fcfStructureAnswer,
  financialAnalysisAnswer,
} from '@fcf/engine/contract';
import type { DcfValuationView } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { $ZodType, output } from 'zod/v4/core';
import { answerOf } from '../testing/answers.ts';
import { expectClose } from '../testing/expect-close.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** The analysis page's report modules as the API answers them, checked against the contract and the formulas. */

type RatioKey = FcfRatioKey;

const RATIO_BENCHMARKS: Record<RatioKey, number> = {
  fcf_revenue_ratio: 0.05,
  fcf_ev_ratio: 0.05,
  fcf_capex_ratio: 1,
  fcf_net_profit_ratio: 1,
};

const MODULE_PATHS = ['roe-roic', 'profitability', 'fcf-structure', 'fcf-ratio', 'fcf-valuation'];

function range(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => first + index);
}

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

/** GET `path`: a JSON answer with `status`, checked against the contract's `schema`. */
async function get<Schema extends $ZodType>(path: string, schema: Schema, status = 200): Promise<output<Schema>> {
  const response = await platform.call('GET', path);
  expect(response.headers.get('content-type')).toContain('application/json');
  return answerOf(response, schema, status);
}

const report = {
  analysis: (company: string) =>
    get(`/api/home/financial_analysis/${encodeURIComponent(company)}`, financialAnalysisAnswer),
  dcf: async (company: string) =>
    (await get(`/api/home/dcf_valuation/${encodeURIComponent(company)}`, dcfValuationAnswer)).data,
  structure: async (company: string) =>
    (await get(`/api/home/fcf_structure/${encodeURIComponent(company)}`, fcfStructureAnswer)).data,
  ratios: async (company: string) =>
    (await get(`/api/home/fcf_ratio/${encodeURIComponent(company)}`, fcfRatioAnswer)).data,
};

/** Every formula checked on one answer. */
function expectSpecFormulas(dcf: DcfValuationView): void {
  expect(dcf.forecast).toHaveLength(5);
  dcf.forecast.forEach((row, index) => {
    const n = index + 1;
    expectClose(row.discount_factor, (1 + dcf.wacc) ** -n);
    expectClose(row.discounted_fcf, row.fcf * row.discount_factor);
  });
  const sum = dcf.forecast.reduce((total, row) => total + row.discounted_fcf, 0);
  expectClose(dcf.forecast_fcf_sum, sum);
  const last = dcf.forecast[4];
  if (!last) throw new Error('no fifth forecast year');
  expectClose(dcf.terminal_value, (last.fcf * (1 + dcf.g)) / (dcf.wacc - dcf.g));
  expectClose(dcf.terminal_pv, dcf.terminal_value * last.discount_factor);
  const { valuation } = dcf;
  expectClose(valuation.enterprise_value, dcf.forecast_fcf_sum + dcf.terminal_pv);
  expectClose(
    valuation.equity_value,
    valuation.enterprise_value +
      valuation.non_core_assets +
      valuation.cash -
      valuation.interest_bearing_liabilities -
      valuation.minority_interest,
  );
  expect(valuation.total_shares).toBeGreaterThan(0);
  expectClose(valuation.value_per_share ?? Number.NaN, valuation.equity_value / valuation.total_shares);
}

describe('GET /api/home/financial_analysis/{company}', () => {
  it('answers success, company and summary beside data', async () => {
    const body = await report.analysis('安琪酵母');
    expect(body.success).toBe(true);
    expect(body.company).toBe('安琪酵母');
    expect(Object.keys(body.data).sort()).toEqual(['profitability', 'quarters', 'roe_roic']);
    expect(body.summary.available_modules).toEqual(expect.arrayContaining(MODULE_PATHS));
    expect(body.summary.data_years).toEqual(body.data.profitability.map((row) => row.year));
    expect(body.summary.data_years.at(-1)).toBe(2019);
    expect(body.data.profitability.length).toBeGreaterThanOrEqual(5);
    for (const row of body.data.profitability) {
      expect(Object.keys(row).sort()).toEqual(
        ['grossMargin', 'netMargin', 'netProfit', 'netProfitGrowth', 'revenue', 'revenueGrowth', 'year'].sort(),
      );
    }
    // A ratio that is not meaningful is null with its reason (the engine's ReturnsRow).
    for (const row of body.data.roe_roic) {
      expect(Object.keys(row).sort()).toEqual(['roe', 'roe_reason', 'roic', 'roic_reason', 'year']);
    }
    expect(body.data.roe_roic.map((row) => row.year)).toEqual(body.summary.data_years);
  });

  it('keeps ratios as fractions and amounts in 亿元, consistent with each other', async () => {
    const { data } = await report.analysis('600298');
    const rows = data.profitability;
    for (const [index, row] of rows.entries()) {
      if (row.revenue === null || row.netProfit === null || row.netMargin === null) throw new Error('gap');
      // 安琪酵母's revenue is tens of 亿元, not yuan or 万元.
      expect(row.revenue).toBeGreaterThan(1);
      expect(row.revenue).toBeLessThan(1000);
      expectClose(row.netMargin, row.netProfit / row.revenue);
      expect(Math.abs(row.grossMargin ?? 0)).toBeLessThan(1);
      const previous = rows[index - 1];
      if (previous?.revenue && row.revenueGrowth !== null) {
        expectClose(row.revenueGrowth, row.revenue / previous.revenue - 1);
      }
      if (previous?.netProfit && row.netProfitGrowth !== null) {
        expectClose(row.netProfitGrowth, (row.netProfit - previous.netProfit) / Math.abs(previous.netProfit));
      }
    }
    for (const row of data.roe_roic) {
      expect(Math.abs(row.roe ?? 0)).toBeLessThan(1);
      expect(Math.abs(row.roic ?? 0)).toBeLessThan(1);
    }
  });

  it('finds a company by URL-encoded name, by code and by a short code', async () => {
    const byName = await report.analysis('安琪酵母');
    expect(await report.analysis('600298')).toEqual(byName);
    const short = await report.analysis('2027');
    expect(short.company).toBe('分众传媒');
    expect(await report.analysis('002027')).toEqual(short);
    expect(await report.analysis('分众传媒')).toEqual(short);
  });
});

describe('ROE of a reverse-merger year (分众传媒 2015)', () => {
  it('is n.m. with its reason, not 133% on the average of the shell’s and the merged equity', async () => {
    const { data } = await report.analysis('分众传媒');
    const year2015 = data.roe_roic.find((row) => row.year === 2015);
    expect(year2015).toMatchObject({ roe: null, roe_reason: RETURN_REASONS.equityDistorted });
    // The next year's equity moves less than twofold: a return again.
    expect(data.roe_roic.find((row) => row.year === 2016)?.roe).toBeGreaterThan(0);
  });
});

describe('GET /api/home/dcf_valuation/{company}', () => {
  it('answers the DCF table with no fallback data', async () => {
    const dcf = await report.dcf('安琪酵母');
    expect(Object.keys(dcf.valuation).sort()).toEqual(
      [
        'cash',
        'enterprise_value',
        'equity_value',
        'interest_bearing_liabilities',
        'minority_interest',
        'non_core_assets',
        'total_shares',
        'value_per_share',
      ].sort(),
    );
    for (const row of dcf.forecast)
      expect(Object.keys(row).sort()).toEqual(['discount_factor', 'discounted_fcf', 'fcf', 'year']);
    expect(dcf.meta.isUsingFallback).toBe(false);
    expect(dcf.meta.company).toBe('安琪酵母');
    expect(dcf.meta.code).toBe('600298');
    expect(dcf.wacc).toBeGreaterThan(dcf.g);
    expect(dcf.g).toBe(0.02);
    expect(dcf.valuation.value_per_share).toBeGreaterThan(0);
  });

  it.each(['安琪酵母', '600298', '2027', '分众传媒', '000333', '002236', '600027'])(
    'satisfies every formula of the DCF table for %s',
    async (company) => {
      expectSpecFormulas(await report.dcf(company));
    },
  );

  it.each([
    ['600298', 2019],
    ['2027', 2019],
    ['002352', 2018],
    ['002236', 2021],
    ['000333', 2024],
  ])('forecasts the 5 years after the latest report of %s (%i)', async (company, latest) => {
    const dcf = await report.dcf(company);
    expect(dcf.meta.latest_report_year).toBe(latest);
    expect(dcf.forecast.map((row) => row.year)).toEqual(range(latest + 1, 5));
  });

  it('answers the same valuation by name and by code', async () => {
    expect(await report.dcf('600298')).toEqual(await report.dcf('安琪酵母'));
    expect(await report.dcf('2027')).toEqual(await report.dcf('002027'));
  });
});

describe('GET /api/home/fcf_structure/{company}', () => {
  it('answers charts, a historical table and meta', async () => {
    const [structure, dcf] = await Promise.all([report.structure('安琪酵母'), report.dcf('安琪酵母')]);
    const { charts, tableData, meta } = structure;
    const forecastYears = dcf.forecast.map((row) => row.year);
    expect(meta.forecast_years).toEqual(forecastYears);

    const trendYears = charts.fcfTrend.map((point) => point.year);
    expect(meta.trend_chart_years).toEqual(trendYears);
    expect(trendYears.slice(-5)).toEqual(forecastYears);
    // The wide chart: up to 9 historical years and the 5 forecast years.
    expect(trendYears.length).toBe(14);
    for (const point of charts.fcfTrend) {
      expect(Object.keys(point).sort()).toEqual(['freeCashFlow', 'isEstimate', 'year']);
      expect(point.isEstimate).toBe(forecastYears.includes(point.year));
    }
    // The forecast bars are the DCF's forecast FCF.
    for (const row of dcf.forecast) {
      expectClose(charts.fcfTrend.find((point) => point.year === row.year)?.freeCashFlow ?? Number.NaN, row.fcf);
    }
    for (const series of [charts.nopat, charts.capex, charts.workingCapital, charts.noncashCost]) {
      expect(series.map((point) => point.year)).toEqual(trendYears);
      for (const point of series) expect(typeof point.isEstimate).toBe('boolean');
    }
    for (const point of charts.workingCapital) expect(point.workingCapitalChange).toBe(point.value);

    expect(tableData.years).toEqual([2015, 2016, 2017, 2018, 2019]);
    expect(meta.table_years).toEqual(tableData.years);
    expect(tableData.metrics.length).toBe(5);
    for (const metric of tableData.metrics) {
      expect(typeof metric.name).toBe('string');
      expect(metric.unit).toBe('亿元');
      expect(metric.values).toHaveLength(tableData.years.length);
    }
    expect(meta.recent_historical_complete).toBe(true);
    const fcfValues = tableData.metrics[0]?.values ?? [];
    expectClose(
      meta.total_historical_fcf ?? Number.NaN,
      fcfValues.reduce<number>((sum, value) => sum + (value ?? 0), 0),
    );
  });

  it('shows signs so that FCF = NOPAT + non-cash cost − working-capital change − capex', async () => {
    const { charts } = await report.structure('600298');
    for (const [index, trend] of charts.fcfTrend.entries()) {
      const nopat = charts.nopat[index]?.value;
      const noncash = charts.noncashCost[index]?.value;
      const change = charts.workingCapital[index]?.value;
      const capex = charts.capex[index]?.value;
      if (trend.freeCashFlow === null || nopat == null || noncash == null || change == null || capex == null) {
        continue;
      }
      expectClose(trend.freeCashFlow, nopat + noncash - change - capex);
      expect(capex).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('GET /api/home/fcf_ratio/{company}', () => {
  it('answers the four ratio series with their benchmarks and a summary', async () => {
    const ratios = await report.ratios('安琪酵母');
    for (const key of Object.keys(RATIO_BENCHMARKS) as RatioKey[]) {
      const series = ratios.charts[key];
      expect(series.length).toBeGreaterThan(0);
      for (const point of series) {
        expect(Object.keys(point).sort()).toEqual(['benchmark', 'value', 'year']);
        expect(point.benchmark).toBe(RATIO_BENCHMARKS[key]);
        expect(Number.isFinite(point.value)).toBe(true);
      }
    }
    const years = [
      ...new Set(Object.values(ratios.charts).flatMap((series) => series.map((point) => point.year))),
    ].sort((a, b) => a - b);
    expect(ratios.summary.data_years).toEqual(years);
    expect(ratios.summary.total_years).toBe(years.length);
    expect(ratios.summary.latest_year).toBe(2019);
    expect(ratios.summary.available_ratios.sort()).toEqual(Object.keys(RATIO_BENCHMARKS).sort());
  });

  it('computes FCF/revenue and FCF/EV from the same figures as the other modules', async () => {
    const [ratios, structure, analysis, dcf] = await Promise.all([
      report.ratios('600298'),
      report.structure('600298'),
      report.analysis('600298'),
      report.dcf('600298'),
    ]);
    for (const point of ratios.charts.fcf_revenue_ratio) {
      const fcf = structure.charts.fcfTrend.find((trend) => trend.year === point.year)?.freeCashFlow;
      const revenue = analysis.data.profitability.find((row) => row.year === point.year)?.revenue;
      if (fcf == null || revenue == null) continue;
      expectClose(point.value, fcf / revenue);
    }
    for (const point of ratios.charts.fcf_ev_ratio) {
      const fcf = structure.charts.fcfTrend.find((trend) => trend.year === point.year)?.freeCashFlow;
      if (fcf == null) continue;
      expectClose(point.value, fcf / dcf.valuation.enterprise_value);
    }
  });
});

describe('companies without a cash-flow statement (002352 顺丰控股, 600233 圆通速递)', () => {
  it.each(['002352', '顺丰控股', '600233', '圆通速递'])('still answers financial_analysis for %s', async (company) => {
    const body = await report.analysis(company);
    expect(body.success).toBe(true);
    expect(body.data.profitability.length).toBeGreaterThan(0);
    expect(body.summary.data_years.at(-1)).toBe(2018);
    expect(body.summary.available_modules).toEqual(expect.arrayContaining(['roe-roic', 'profitability']));
    for (const row of body.data.profitability) expect(row.revenue).toBeGreaterThan(0);
  });

  it.each(['002352', '600233'])(
    'estimates the historical D&A and capex of %s from its balance sheet (never 0), flagged no_cash_flow_statement',
    async (code) => {
      const structure = await report.structure(code);
      const { charts } = structure;
      const historical = charts.fcfTrend.filter((point) => !point.isEstimate);
      expect(historical.length).toBeGreaterThan(0);
      for (const [index, trend] of charts.fcfTrend.entries()) {
        if (trend.isEstimate) continue;
        const noncash = charts.noncashCost[index]?.value;
        const capex = charts.capex[index]?.value;
        // D&A = the depreciation rate × the opening fixed and intangible assets; capex = their growth + D&A.
        expect(noncash).toBeGreaterThan(0);
        expect(capex).toBeGreaterThanOrEqual(0);
        const nopat = charts.nopat[index]?.value;
        const change = charts.workingCapital[index]?.value;
        if (trend.freeCashFlow === null || nopat == null || noncash == null || change == null || capex == null) {
          continue;
        }
        expectClose(trend.freeCashFlow, nopat + noncash - change - capex);
      }
      expect(historical.some((point) => typeof point.freeCashFlow === 'number')).toBe(true);

      const dcf = await report.dcf(code);
      const warning = dcf.warnings.find((entry) => entry.code === 'no_cash_flow_statement');
      expect(warning?.message).toContain('缺少现金流量表');
    },
  );

  it('values 顺丰控股 with 200 from the forecast drivers, reinvesting the estimated D&A (not 0)', async () => {
    // The forecast's D&A ratio starts at the estimated history's; capex = D&A + Δrevenue ÷ sales-to-capital.
    const dcf = await report.dcf('顺丰控股');
    expect(dcf.meta.isUsingFallback).toBe(false);
    expect(dcf.meta.latest_report_year).toBe(2018);
    expect(dcf.forecast.map((row) => row.year)).toEqual(range(2019, 5));
    expectSpecFormulas(dcf);

    const structure = await report.structure('002352');
    for (const point of structure.charts.capex.filter((entry) => entry.isEstimate)) {
      expect(point.value).toBeGreaterThan(0);
    }
    for (const point of structure.charts.noncashCost.filter((entry) => entry.isEstimate)) {
      expect(point.value).toBeGreaterThan(0);
    }
  });
});

describe('error paths', () => {
  it.each(['financial_analysis', 'dcf_valuation', 'fcf_structure', 'fcf_ratio'])(
    '%s of an unknown company is a 404 JSON error naming it',
    async (module) => {
      const body = await get(`/api/home/${module}/${encodeURIComponent('不存在的公司')}`, errorAnswer, 404);
      expect(body.success).toBe(false);
      expect(body.message).toContain('不存在的公司');
      expect(typeof body.detail).toBe('string');
      expect(body.detail.length).toBeGreaterThan(0);
    },
  );

  it('an unknown code is a 404 too', async () => {
    const body = await get('/api/home/dcf_valuation/999999', errorAnswer, 404);
    expect(body.message).toContain('999999');
  });
});
