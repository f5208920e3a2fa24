import { describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import {
  cashLikeAssets,
  completenessRate,
  equityAverageDistorted,
  growth,
  interestBearingDebt,
  investedCapital,
  nonCoreAssets,
  profitabilityRows,
  RETURN_REASONS,
  returnsRows,
} from './analytics.ts';
import { FCF_RATIO_BENCHMARKS, fcfRatioSeries } from './fcf-ratios.ts';
import { historicalRows } from './historical-rows.ts';

const rows = historicalRows(SAMPLE_COMPANY);

describe('profitability rows', () => {
  const profitability = profitabilityRows(SAMPLE_COMPANY, rows);
  it('works 2024 by hand: gross margin 40%, 归母净利润 14.5, net margin 14.5%, growth 3/11.5', () => {
    const row = profitability.find((entry) => entry.year === 2024);
    expect(row).toMatchObject({ year: 2024, revenue: 100 });
    expect(row?.revenueGrowth).toBeCloseTo(0.25, 12);
    expect(row?.grossMargin).toBeCloseTo(0.4, 12);
    expect(row?.netProfit).toBeCloseTo(14.5, 12);
    expect(row?.netMargin).toBeCloseTo(0.145, 12);
    // 2023: 80 × 0.2 × 0.75 − 0.5 = 11.5.
    expect(row?.netProfitGrowth).toBeCloseTo(3 / 11.5, 12);
  });
  it('has no growth for the first year', () => {
    expect(profitability[0]?.revenueGrowth).toBeNull();
    expect(profitability[0]?.netProfitGrowth).toBeNull();
  });
  it('measures growth against |previous|, so a shrinking loss is growth', () => {
    expect(growth(-5, -10)).toBeCloseTo(0.5, 12);
    expect(growth(5, 0)).toBeNull();
  });
});

describe('ROE and ROIC', () => {
  const returns = returnsRows(SAMPLE_COMPANY, rows);
  it('ROE = 归母净利润 / average parent equity = 14.5 / 100', () => {
    expect(returns.find((row) => row.year === 2024)?.roe).toBeCloseTo(0.145, 12);
  });
  it('ROIC = NOPAT / average invested capital = 15 / (100 + 3 + 35 − 30 cash − 2 trading assets)', () => {
    expect(investedCapital(SAMPLE_COMPANY.years[2024])).toBeCloseTo(106, 12);
    expect(returns.find((row) => row.year === 2024)?.roic).toBeCloseTo(15 / 106, 12);
    expect(returns.find((row) => row.year === 2024)).toMatchObject({ roe_reason: null, roic_reason: null });
  });
  it('sums the equity-bridge items: leases are debt, trading assets are cash-like, not non-core', () => {
    expect(interestBearingDebt(SAMPLE_COMPANY.years[2024])).toBe(35);
    expect(interestBearingDebt({ long_term_borrowings: 5, lease_liabilities: 2, long_term_payables: 1 })).toBe(8);
    expect(nonCoreAssets(SAMPLE_COMPANY.years[2024])).toBe(8);
    expect(cashLikeAssets(SAMPLE_COMPANY.years[2024])).toBe(32);
    expect(interestBearingDebt({})).toBeNull();
  });
  it('falls back to capital employed and the reported weighted ROE with the summary only', () => {
    expect(investedCapital({ total_assets: 50, current_liabilities_total: 20 })).toBe(30);
    const summary = { code: '', name: 's', years: { 2019: { operating_revenue: 10, weighted_roe_percent: 12.5 } } };
    expect(returnsRows(summary, historicalRows(summary))[0]?.roe).toBeCloseTo(0.125, 12);
  });
});

/** One year of a company whose balance sheet can make ROE or ROIC meaningless (亿元). */
function returnsOf(balance: { parent_equity: number; cash: number; total_assets: number }) {
  const year = {
    operating_revenue: 100,
    operating_cost: 80,
    total_profit: 20,
    income_tax: 5,
    net_profit_parent: 15,
    long_term_borrowings: 10,
    ...balance,
  };
  const statements = { code: '', name: 'n.m.', years: { 2024: year } };
  return returnsRows(statements, historicalRows(statements))[0];
}

describe('ratios that are not meaningful are null with a reason', () => {
  const twoYears = (opening: number, closing: number) => {
    const year = { operating_revenue: 100, operating_cost: 80, total_profit: 20, income_tax: 5, net_profit_parent: 15 };
    const statements = {
      code: '',
      name: 'n.m.',
      years: { 2023: { ...year, parent_equity: opening }, 2024: { ...year, parent_equity: closing } },
    };
    return returnsRows(statements, historicalRows(statements))[1];
  };
  it('ROE when parent equity more than doubles or halves within the year, or starts at or below zero', () => {
    for (const [opening, closing] of [
      [10, 21],
      [21, 10],
      [-5, 20],
      [0, 20],
    ] as const) {
      expect(twoYears(opening, closing), `${opening} → ${closing}`).toMatchObject({
        roe: null,
        roe_reason: RETURN_REASONS.equityDistorted,
      });
    }
    // Doubling exactly is still a return on the average: 15 / 15.
    expect(twoYears(10, 20)?.roe).toBeCloseTo(1, 12);
    expect(equityAverageDistorted(10, null)).toBe(false);
  });

  it('ROE with parent equity at or below zero', () => {
    expect(returnsOf({ parent_equity: -5, cash: 0, total_assets: 200 })).toMatchObject({
      roe: null,
      roe_reason: RETURN_REASONS.equityNotPositive,
    });
  });
  it('ROIC with invested capital at most 5% of total assets (50 + 10 − 55 = 5 of 200 is 2.5%)', () => {
    expect(returnsOf({ parent_equity: 50, cash: 55, total_assets: 200 })).toMatchObject({
      roic: null,
      roic_reason: RETURN_REASONS.capitalTooSmall,
    });
  });
  it('ROIC with invested capital not positive', () => {
    expect(returnsOf({ parent_equity: 50, cash: 70, total_assets: 200 })).toMatchObject({
      roic: null,
      roic_reason: RETURN_REASONS.capitalNotPositive,
    });
  });
  it('ROIC above 100% in absolute value (NOPAT 15 on capital 12 of 100 total assets)', () => {
    expect(returnsOf({ parent_equity: 50, cash: 48, total_assets: 100 })).toMatchObject({
      roic: null,
      roic_reason: RETURN_REASONS.roicTooLarge,
    });
  });
  it('keeps a meaningful ROIC (NOPAT 15 on capital 40 of 100 total assets)', () => {
    const row = returnsOf({ parent_equity: 50, cash: 20, total_assets: 100 });
    expect(row?.roic).toBeCloseTo(15 / 40, 12);
    expect(row?.roic_reason).toBeNull();
  });
});

describe('FCF ratios', () => {
  const series = fcfRatioSeries(SAMPLE_COMPANY, rows, 180);
  it('computes the four ratios for years with a known FCF, with their benchmarks', () => {
    // 2024: FCF 9 on revenue 100, EV 180, capex 8, 归母净利润 14.5.
    const at2024 = (key: keyof typeof series) => series[key].find((point) => point.year === 2024);
    expect(at2024('fcf_revenue_ratio')?.value).toBeCloseTo(0.09, 12);
    expect(at2024('fcf_ev_ratio')?.value).toBeCloseTo(9 / 180, 12);
    expect(at2024('fcf_capex_ratio')?.value).toBeCloseTo(9 / 8, 12);
    expect(at2024('fcf_net_profit_ratio')?.value).toBeCloseTo(9 / 14.5, 12);
    expect(at2024('fcf_revenue_ratio')?.benchmark).toBe(0.05);
    expect(FCF_RATIO_BENCHMARKS).toEqual({
      fcf_revenue_ratio: 0.05,
      fcf_ev_ratio: 0.05,
      fcf_capex_ratio: 1,
      fcf_net_profit_ratio: 1,
    });
    // 2021 has no FCF (no prior working capital): 3 points each.
    expect(series.fcf_revenue_ratio.map((point) => point.year)).toEqual([2022, 2023, 2024]);
  });
  it('leaves FCF/EV out when EV is unknown or not positive', () => {
    expect(fcfRatioSeries(SAMPLE_COMPANY, rows, null).fcf_ev_ratio).toEqual([]);
    expect(fcfRatioSeries(SAMPLE_COMPANY, rows, -1).fcf_ev_ratio).toEqual([]);
  });
});

describe('data completeness rate (0.4 / 0.4 / 0.2)', () => {
  it.each([
    [3, 3, true, 1],
    [5, 5, false, 0.8],
    [2, 5, true, 0.6],
    [3, 2, false, 0.4],
    [0, 0, true, 0.2],
    [0, 0, false, 0],
  ])('history %i, forecast %i, auto %s → %f', (history, forecast, auto, expected) => {
    expect(completenessRate(history, forecast, auto)).toBeCloseTo(expected, 12);
  });
});
