import { describe, expect, it } from 'vitest';
import { ValuationError } from '../errors.ts';
import type { YearOverrides } from '../forecast/drivers.ts';
import { ANGEL_YEAST } from '../testing/angel-yeast.ts';
import { sampleWith } from '../testing/company-variants.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { createAnalyticsCache, LIMITATION_MESSAGES, valueCompany } from './company-valuation.ts';
import { discountCashFlows } from './dcf.ts';

describe('valueCompany on the sample company', () => {
  const result = valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: 0.09 } });

  it('forecasts the 5 years after the latest report', () => {
    expect(result.latestYear).toBe(2024);
    expect(result.forecastYears).toEqual([2025, 2026, 2027, 2028, 2029]);
  });

  it('values the projected FCF with the DCF table', () => {
    const fcf = result.forecast.map((row) => row.FCFF as number);
    const direct = discountCashFlows({
      fcf,
      firstYear: 2025,
      wacc: 0.09,
      terminalGrowth: 0.02,
      bridge: { non_core_assets: 8, cash: 32, interest_bearing_liabilities: 35, minority_interest: 3 },
      bridgeLines: result.bridgeLines,
      totalShares: 10,
      terminal: { method: 'gordon', nopat: result.forecast[4]?.nopat ?? null },
    });
    expect(result.error).toBeNull();
    expect(result.dcf).toEqual(direct);
    expect(result.sensitivity?.values[2]?.[2]).toBeCloseTo(direct.valuation.value_per_share ?? Number.NaN, 10);
  });

  it('reports effective parameters: manual WACC, default g 2%, shares from share capital', () => {
    expect(result.parameters.wacc).toBe(0.09);
    expect(result.parameters.terminal_growth_rate).toBe(0.02);
    expect(result.parameters.total_shares).toBe(10);
    // Calculated: E 103, D 35, t 25%; β 1 unlevered at D/E 0.5 and relevered at 35/103; EBIT 20 over 财务费用
    // 1.4 is AAA, Kd = 3% + 0.45%: 103/138 × (3% + β × 6%) + 35/138 × 3.45% × 0.75.
    const beta = (1 / 1.375) * (1 + 0.75 * (35 / 103));
    expect(result.parameters.wacc_calculated).toBeCloseTo(
      (103 / 138) * (0.03 + beta * 0.06) + (35 / 138) * 0.0345 * 0.75,
      12,
    );
  });

  it('uses the calculated WACC when none is set', () => {
    const auto = valueCompany({ statements: SAMPLE_COMPANY });
    expect(auto.dcf?.wacc).toBeCloseTo(auto.parameters.wacc_calculated as number, 12);
  });

  it('applies overrides without touching the auto forecast', () => {
    const adjusted = valueCompany({
      statements: SAMPLE_COMPANY,
      parameters: { wacc_manual: 0.09 },
      overrides: { 2026: { operating_revenue_yoy: 0.1 } },
    });
    expect(adjusted.forecast[1]?.operating_revenue_yoy).toBe(0.1);
    expect(adjusted.forecast[2]?.sources.operating_revenue_yoy).toBe('inherited');
    expect(adjusted.autoForecast).toEqual(result.autoForecast);
    expect(adjusted.dcf?.valuation.value_per_share).not.toBe(result.dcf?.valuation.value_per_share);
  });

  it('gives a typed error and no figures when WACC ≤ g, keeping the history', () => {
    const bad = valueCompany({
      statements: SAMPLE_COMPANY,
      parameters: { wacc_manual: 0.02, terminal_growth_rate_manual: 0.03 },
    });
    expect(bad.dcf).toBeNull();
    expect(bad.sensitivity).toBeNull();
    expect(bad.error?.code).toBe('WACC_NOT_ABOVE_GROWTH');
    expect(bad.profitability).toHaveLength(4);
  });

  it('rejects a non-finite manual parameter', () => {
    const bad = valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: Number.NaN } });
    expect(bad.error?.code).toBe('INVALID_NUMBER');
    expect(bad.dcf).toBeNull();
  });

  it('refuses a company without history, saying it has none', () => {
    expect(() => valueCompany({ statements: { code: '', name: '空', years: {} } })).toThrow(ValuationError);
    expect(() => valueCompany({ statements: { code: '', name: '空', years: {} } })).toThrow(
      '该公司暂无历史财务数据，无法生成预测',
    );
  });

  it('rates completeness 1 with 4 years of history and a forecast', () => {
    expect(result.completeness).toBe(1);
  });
});

/**
 * 安琪酵母 2019 by hand (亿元): EBIT = 76.5275 − 49.7398 − 0.6919 − 8.8508 − 2.5570 − 3.3346 = 11.3534;
 * tax rate = 1.6913 / 11.0901; NOPAT = 11.3534 × (1 − 0.152506) = 9.62195; D&A = 4.4643 + 0.1451 + 0.0834 =
 * 4.6928; capex 8.2699. The 2019 report has no 应收票据 line (the NetEase layout lacks 应收款项融资, where the
 * notes went), so ΔOWC compares the other lines only: OWC 2019 = 29.6492 − 15.8016 = 13.8476, 2018 without
 * the notes = 28.2116 − 14.4712 = 13.7404, ΔOWC = 0.1072 (not −0.9512, a phantom release of 1.0584);
 * FCF = 9.62195 + 4.6928 − 0.1072 − 8.2699 = 5.93765.
 */
describe('valueCompany on real figures (安琪酵母 600298)', () => {
  const result = valueCompany({ statements: ANGEL_YEAST });
  const row2019 = result.history.find((row) => row.year === 2019);

  it('derives the 2019 FCF by hand, leaving the vanished 应收票据 out of both years', () => {
    expect(row2019?.ebit).toBeCloseTo(11.3534, 9);
    expect(row2019?.income_tax_to_total_profit).toBeCloseTo(1.6913 / 11.0901, 12);
    expect(row2019?.nopat).toBeCloseTo(11.3534 * (1 - 1.6913 / 11.0901), 9);
    expect(row2019?.depreciation_and_amortization).toBeCloseTo(4.6928, 9);
    expect(row2019?.Operating_Working_Capital).toBeCloseTo(13.8476, 9);
    expect(row2019?.Change_In_Operating_WC).toBeCloseTo(0.1072, 9);
    expect(row2019?.Capital_Expenditure).toBeCloseTo(8.2699, 9);
    expect(row2019?.FCFF).toBeCloseTo(11.3534 * (1 - 1.6913 / 11.0901) + 4.6928 - 0.1072 - 8.2699, 9);
  });

  it('records the vanished line and warns with its year and item', () => {
    expect(result.lineGaps).toEqual([
      { year: 2019, kind: 'vanished', items: ['Notes_Receivable'], label: '应收票据', amount: 1.0584 },
    ]);
    const warning = result.warnings.find((entry) => entry.code === 'missing_lines');
    expect(warning).toMatchObject({ year: 2019, item: '应收票据' });
    expect(warning?.message).toContain('2019年报表未列报“应收票据”');
  });

  it('forecasts the vanished line at its 2018 ratio, from a base that has it at that ratio', () => {
    expect(result.forecast[0]?.Notes_Receivable_Ratio).toBeCloseTo(1.0584 / 66.856, 12);
    expect(result.driverBasis.Notes_Receivable_Ratio.years).toEqual([2018]);
    // Opening OWC = 13.8476 + 76.5275 × 1.0584 / 66.856; year 1 ΔOWC then reflects growth, not the gap.
    const opening = 13.8476 + (76.5275 * 1.0584) / 66.856;
    const first = result.forecast[0];
    expect(first?.Change_In_Operating_WC).toBeCloseTo((first?.Operating_Working_Capital as number) - opening, 9);
  });

  it('forecasts 2020–2024 and bridges with the 2019 balance sheet', () => {
    expect(result.forecastYears).toEqual([2020, 2021, 2022, 2023, 2024]);
    expect(result.bridge.cash).toBeCloseTo(6.6369, 12);
    expect(result.bridge.interest_bearing_liabilities).toBeCloseTo(7.8724 + 0.6645 + 14.2862, 12);
    expect(result.bridge.non_core_assets).toBeCloseTo(0.2357 + 0.0475, 12);
    expect(result.parameters.total_shares_source).toBe('share_capital');
    expect(result.parameters.total_shares).toBeCloseTo(8.2408, 12);
  });

  it('produces a positive, finite value per share', () => {
    expect(result.error).toBeNull();
    const perShare = result.dcf?.valuation.value_per_share as number;
    expect(Number.isFinite(perShare)).toBe(true);
    expect(perShare).toBeGreaterThan(0);
  });
});

describe('calculated WACC inputs', () => {
  it('takes the CAPM inputs (risk-free, beta, premium) from the caller', () => {
    const result = valueCompany({
      statements: SAMPLE_COMPANY,
      waccAssumptions: {
        riskFreeRate: 0.025,
        beta: 1.2,
        marketRiskPremium: 0.065,
        defaultCostOfDebt: 0.045,
        costOfDebtRange: [0.03, 0.08],
        waccRange: [0.06, 0.14],
      },
    });
    const costOfEquity = 0.025 + (1.2 / 1.375) * (1 + 0.75 * (35 / 103)) * 0.065;
    expect(result.parameters.wacc_calculated).toBeCloseTo(
      (103 / 138) * costOfEquity + (35 / 138) * (0.025 + 0.0045) * 0.75,
      12,
    );
  });
});

describe('limitations the report discloses', () => {
  it('says so when the cash-flow statement is missing', () => {
    const years = Object.fromEntries(
      Object.entries(SAMPLE_COMPANY.years).map(([year, figures]) => {
        const {
          depreciation_fixed_assets: _d,
          amortization_intangible_assets: _a,
          Cash_Paid_For_Acquisition_Assets: _c,
          operating_cash_flow: _o,
          ...rest
        } = figures;
        return [year, rest];
      }),
    );
    const result = valueCompany({ statements: { ...SAMPLE_COMPANY, years } });
    expect(result.limitations).toEqual([LIMITATION_MESSAGES.noCashFlow]);
  });

  it('says nothing for a complete company', () => {
    expect(valueCompany({ statements: SAMPLE_COMPANY }).limitations).toEqual([]);
  });
});

describe('the sensitivity grid re-values the whole model', () => {
  const cases = [
    ['the auto forecast', {}, {}],
    ['overrides', { 2026: { operating_revenue_yoy: 0.1 }, 2028: { da_ratio: 0.06 } }, {}],
    ['the value driver with its default RONIC', {}, { terminal_value_method: 'value_driver' as const }],
    ['the value driver with a RONIC', {}, { terminal_value_method: 'value_driver' as const, ronic_manual: 0.15 }],
  ] as const;

  it.each(cases)('every cell equals a fresh valuation at its WACC and g (%s)', (_, overrides, terminal) => {
    const result = valueCompany({
      statements: SAMPLE_COMPANY,
      parameters: { wacc_manual: 0.09, ...terminal },
      overrides,
    });
    const grid = result.sensitivity;
    if (!grid) throw new Error('no grid');
    expect(grid.values[2]?.[2]).toBe(result.dcf?.valuation.value_per_share);
    grid.waccs.forEach((wacc, row) => {
      grid.growths.forEach((g, column) => {
        const fresh = valueCompany({
          statements: SAMPLE_COMPANY,
          parameters: { wacc_manual: wacc, terminal_growth_rate_manual: g, ...terminal },
          overrides,
          sensitivity: false,
        });
        expect(grid.values[row]?.[column]).toBe(fresh.dcf?.valuation.value_per_share);
      });
    });
  });

  it('moves the FCF with g: the forecast fades revenue growth to each column’s g', () => {
    const low = valueCompany({ statements: SAMPLE_COMPANY, parameters: { terminal_growth_rate_manual: 0.01 } });
    const high = valueCompany({ statements: SAMPLE_COMPANY, parameters: { terminal_growth_rate_manual: 0.03 } });
    expect(low.forecast[4]?.FCFF).not.toBe(high.forecast[4]?.FCFF);
  });
});

describe('leases (a lease-heavy company)', () => {
  // 使用权资产折旧 2% of revenue a year, 租赁负债 12 亿元 at the latest balance sheet (the leased assets
  // inside 固定资产, so both companies need the same capital to grow).
  const leasing = sampleWith((year, figures) => ({
    depreciation_right_of_use_assets: (figures.operating_revenue ?? 0) * 0.02,
    ...(year === 2024 ? { lease_liabilities: 12 } : {}),
  }));
  const plain = valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: 0.09 } });
  const leased = valueCompany({ statements: leasing, parameters: { wacc_manual: 0.09 } });

  it('adds the leases’ depreciation back and reinvests it: no phantom cash flow', () => {
    const row = leased.history[3];
    expect(row?.depreciation_and_amortization).toBeCloseTo(5 + 2, 12);
    expect(row?.Capital_Expenditure).toBeCloseTo(8 + 2, 12);
    expect(row?.Cash_Paid_For_Acquisition_Assets).toBeCloseTo(8, 12);
    leased.forecast.forEach((forecastRow, index) => {
      expect(forecastRow.FCFF).toBeCloseTo(plain.forecast[index]?.FCFF as number, 9);
    });
  });

  it('subtracts the lease liabilities as debt, so equity is 12 亿元 lower', () => {
    expect(leased.bridge.interest_bearing_liabilities).toBe(35 + 12);
    expect(leased.dcf?.bridge.find((line) => line.item === 'lease_liabilities')).toEqual({
      item: 'lease_liabilities',
      label: '租赁负债',
      amount: -12,
    });
    expect(leased.dcf?.valuation.equity_value).toBeCloseTo((plain.dcf?.valuation.equity_value as number) - 12, 9);
  });
});

describe('valueCompany with an analytics cache', () => {
  it('answers every edit exactly as a fresh valuation (history, FCF ratios, forecasts, grid)', () => {
    const cache = createAnalyticsCache();
    const edits: YearOverrides[] = [
      {},
      { 2026: { operating_revenue_yoy: 0.1 } },
      { 2025: { operating_cost_pct: 0.5 } },
      {},
    ];
    for (const [index, overrides] of edits.entries()) {
      // WACCs beyond the discount factors kept, so some cells find theirs kept and some do not.
      const parameters = { wacc_manual: 0.06 + index * 0.013, terminal_value_method: 'gordon' as const };
      const fresh = valueCompany({ statements: ANGEL_YEAST, parameters, overrides });
      expect(valueCompany({ statements: ANGEL_YEAST, parameters, overrides, cache })).toEqual(fresh);
    }
  });
});
