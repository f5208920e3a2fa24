import { describe, expect, it } from 'vitest';
import type { CompanyStatements } from '../statements/items.ts';
import { SAMPLE_COMPANY, SAMPLE_COMPANY_WITH_QUARTERS } from '../testing/sample-company.ts';
import { valueCompany } from '../valuation/company-valuation.ts';
import { quarterRows } from './quarters.ts';
import { latestInterimDate, trailingTwelveMonths } from './trailing-twelve-months.ts';

/**
 * Real figures of two companies' Sina exports (fixtures/sina, 万元 ÷ 10,000 as ingest stores them), worked by
 * hand: 海螺水泥 (600585) to its 2023 一季报, 伊利股份 (600887) to its 2022 中报.
 */
const yi = (wan: number) => wan / 1e4;
const CONCH: CompanyStatements = {
  code: '600585',
  name: '海螺水泥',
  years: {
    2021: { operating_revenue: yi(16795266.38), net_profit_parent: yi(3326706.94) },
    2022: { operating_revenue: yi(13202155.37), net_profit_parent: yi(1566074.99) },
  },
  interims: {
    '2021-03-31': { operating_revenue: yi(3444093.71), net_profit_parent: yi(580862.58) },
    '2021-06-30': { operating_revenue: yi(8043286.52), net_profit_parent: yi(1495119.26) },
    '2021-09-30': { operating_revenue: yi(12171077.53), net_profit_parent: yi(2239026.75) },
    '2022-03-31': { operating_revenue: yi(2546177.5), net_profit_parent: yi(492520.56) },
    '2022-06-30': { operating_revenue: yi(5627574.89), net_profit_parent: yi(983977.15) },
    '2022-09-30': { operating_revenue: yi(8532809.78), net_profit_parent: yi(1241866.01) },
    '2023-03-31': { operating_revenue: yi(3136845.44), net_profit_parent: yi(255060.59), cash: yi(6008078.83) },
  },
};
const YILI: CompanyStatements = {
  code: '600887',
  name: '伊利股份',
  years: { 2021: { operating_revenue: yi(11014398.64), net_profit_parent: yi(870491.51) } },
  interims: {
    '2021-03-31': { operating_revenue: yi(2725885.42), net_profit_parent: yi(283070.06) },
    '2021-06-30': { operating_revenue: yi(5629359.1), net_profit_parent: yi(532185.02) },
    '2022-03-31': { operating_revenue: yi(3091290.62), net_profit_parent: yi(351903.25) },
    '2022-06-30': { operating_revenue: yi(6321300.54), net_profit_parent: yi(613255.87) },
  },
};

describe('trailing twelve months of real reports, by hand', () => {
  it('海螺水泥 to 2023-03-31: 2023 一季报 + 2022 年报 − 2022 一季报, the balance sheet at that date', () => {
    const ttm = trailingTwelveMonths(CONCH);
    expect(ttm).toMatchObject({ year: 2023, period: 'Q1', date: '2023-03-31' });
    // (3,136,845.44 + 13,202,155.37 − 2,546,177.50) 万元 = 13,792,823.31 万元.
    expect(ttm?.figures.operating_revenue).toBeCloseTo(1379.282331, 6);
    // (255,060.59 + 1,566,074.99 − 492,520.56) 万元 = 1,328,615.02 万元.
    expect(ttm?.figures.net_profit_parent).toBeCloseTo(132.861502, 6);
    expect(ttm?.figures.cash).toBeCloseTo(600.807883, 6);
  });

  it('伊利股份 to 2022-06-30: 2022 中报 + 2021 年报 − 2021 中报', () => {
    const ttm = trailingTwelveMonths(YILI);
    expect(ttm).toMatchObject({ year: 2022, period: 'H1', date: '2022-06-30' });
    expect(ttm?.figures.operating_revenue).toBeCloseTo(1170.634008, 6);
    expect(ttm?.figures.net_profit_parent).toBeCloseTo(95.156236, 6);
  });

  it('none without the same period a year earlier, or when the annual report is the latest', () => {
    const { '2022-03-31': _dropped, ...withoutYearEarlier } = CONCH.interims ?? {};
    expect(trailingTwelveMonths({ ...CONCH, interims: withoutYearEarlier })).toBeNull();
    expect(latestInterimDate({ ...CONCH, interims: withoutYearEarlier })).toBe('2023-03-31');
    const { '2023-03-31': _latest, ...upToAnnual } = CONCH.interims ?? {};
    expect(trailingTwelveMonths({ ...CONCH, interims: upToAnnual })).toBeNull();
    expect(trailingTwelveMonths(SAMPLE_COMPANY)).toBeNull();
  });
});

describe('single quarters of real reports, by hand', () => {
  it('海螺水泥: each quarter its report less the one before, growth against the same quarter a year earlier', () => {
    const quarters = quarterRows(CONCH);
    expect(quarters.map((row) => `${row.year}Q${row.quarter}`)).toEqual([
      '2021Q1',
      '2021Q2',
      '2021Q3',
      '2021Q4',
      '2022Q1',
      '2022Q2',
      '2022Q3',
      '2022Q4',
      '2023Q1',
    ]);
    const q3 = quarters.find((row) => row.year === 2022 && row.quarter === 3);
    // 8,532,809.78 − 5,627,574.89 = 2,905,234.89 万元; a year earlier 12,171,077.53 − 8,043,286.52.
    expect(q3?.revenue).toBeCloseTo(290.523489, 6);
    expect(q3?.revenueGrowth).toBeCloseTo(2905234.89 / 4127791.01 - 1, 9);
    const q4 = quarters.find((row) => row.year === 2022 && row.quarter === 4);
    // The annual report less the 三季报: 13,202,155.37 − 8,532,809.78 = 4,669,345.59 万元.
    expect(q4?.revenue).toBeCloseTo(466.934559, 6);
    expect(q4?.netProfit).toBeCloseTo((1566074.99 - 1241866.01) / 1e4, 9);
    const q1 = quarters.at(-1);
    expect(q1?.revenue).toBeCloseTo(313.684544, 6);
    expect(q1?.netProfitGrowth).toBeCloseTo((255060.59 - 492520.56) / 492520.56, 9);
  });

  it('伊利股份: Q2 2022 = 中报 − 一季报; a quarter whose report before it is missing is left out', () => {
    const quarters = quarterRows(YILI);
    const q2 = quarters.find((row) => row.year === 2022 && row.quarter === 2);
    expect(q2?.revenue).toBeCloseTo(323.000992, 6);
    expect(q2?.revenueGrowth).toBeCloseTo(3230009.92 / (5629359.1 - 2725885.42) - 1, 9);
    // 2021 Q4 would be the annual report less a 三季报 that is not there.
    expect(quarters.map((row) => `${row.year}Q${row.quarter}`)).toEqual(['2021Q1', '2021Q2', '2022Q1', '2022Q2']);
  });
});

describe('a valuation based on the trailing twelve months (docs/model.md 2.2, 7.1)', () => {
  const manual = { wacc_manual: 0.09, terminal_growth_rate_manual: 0.02 };
  const valued = valueCompany({ statements: SAMPLE_COMPANY_WITH_QUARTERS, parameters: manual, sensitivity: false });

  it('starts from the TTM to 2025-03-31 as its latest history row, compared with the TTM a year earlier', () => {
    expect(valued.base).toEqual({ year: 2025, period: 'Q1', date: '2025-03-31', label: '2025 一季报' });
    const last = valued.history.at(-1);
    // Revenue 30 + 100 − 25 = 105; a year earlier 25 + 80 − 20 = 85.
    expect(last?.year).toBe(2025);
    expect(last?.operating_revenue).toBeCloseTo(105, 12);
    expect(last?.operating_revenue_yoy).toBeCloseTo(105 / 85 - 1, 12);
    // ΔOWC over twelve months: 15% of revenue at 104 less at 84 (the balance sheets a year apart) = 3.
    expect(last?.Change_In_Operating_WC).toBeCloseTo(3, 12);
    // NOPAT 105 × 20% × 75% = 15.75, D&A 5% = 5.25, capex 8% = 8.4: FCF 15.75 + 5.25 − 3 − 8.4 = 9.6.
    expect(last?.FCFF).toBeCloseTo(9.6, 12);
    expect(valued.forecastYears).toEqual([2026, 2027, 2028, 2029, 2030]);
  });

  it('values the rest of 2025 as a partial first period and discounts every year from the valuation date', () => {
    const dcf = valued.dcf;
    if (!dcf) throw new Error(valued.error?.message);
    // Nine months of (NOPAT + D&A − capex): 0.75 × (15.75 + 5.25 − 8.4) = 9.45, at (1.09)^−0.75.
    expect(dcf.stub).toEqual({
      year: 2025,
      months: 9,
      cash_flow: expect.closeTo(9.45, 12),
      discount_factor: 1.09 ** -0.75,
      present_value: expect.closeTo(9.45 * 1.09 ** -0.75, 12),
    });
    expect(dcf.forecast.map((row) => row.discount_factor)).toEqual([1, 2, 3, 4, 5].map((n) => 1.09 ** -(n + 0.75)));
    const stubPv = dcf.stub?.present_value ?? Number.NaN;
    expect(dcf.valuation.enterprise_value).toBeCloseTo(stubPv + dcf.forecast_fcf_sum + dcf.terminal_pv, 9);
    expect(dcf.bridge[0]?.amount).toBe(dcf.valuation.enterprise_value);
  });

  it('re-values every sensitivity cell with the same timing: the centre is the valuation itself', () => {
    const withGrid = valueCompany({ statements: SAMPLE_COMPANY_WITH_QUARTERS, parameters: manual });
    expect(withGrid.sensitivity?.values[2]?.[2]).toBeCloseTo(withGrid.dcf?.valuation.value_per_share ?? Number.NaN, 9);
  });

  it('counts stale_report from the latest period', () => {
    const asOf = (date: string) =>
      valueCompany({ statements: SAMPLE_COMPANY_WITH_QUARTERS, asOf: date, sensitivity: false }).warnings.map(
        (warning) => warning.code,
      );
    expect(asOf('2026-09-30')).not.toContain('stale_report');
    expect(asOf('2026-10-01')).toContain('stale_report');
  });

  it('values a company with annual reports only exactly as before', () => {
    const annual = valueCompany({ statements: SAMPLE_COMPANY, parameters: manual });
    const emptyInterims = valueCompany({ statements: { ...SAMPLE_COMPANY, interims: {} }, parameters: manual });
    expect(emptyInterims.dcf).toEqual(annual.dcf);
    expect(annual.dcf?.stub).toBeNull();
    expect(annual.base).toEqual({ year: 2024, period: 'FY', date: '2024-12-31', label: '2024 年报' });
  });

  it('says so when a newer interim report cannot give the trailing twelve months', () => {
    const { '2024-03-31': _dropped, ...interims } = SAMPLE_COMPANY_WITH_QUARTERS.interims ?? {};
    const unusable = valueCompany({ statements: { ...SAMPLE_COMPANY, interims }, parameters: manual });
    expect(unusable.base.period).toBe('FY');
    expect(unusable.limitations).toEqual([
      '最新报告期 2025 一季报 缺少计算滚动十二个月（TTM）所需的上年年报或上年同期报告，估值基于 2024 年报',
    ]);
  });
});
