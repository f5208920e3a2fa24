import { describe, expect, it } from 'vitest';
import type { CompanyStatements } from '../statements/items.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { historicalRows, latestReportedYear, reportedYears } from './historical-rows.ts';

describe('historicalRows on the hand-made sample company', () => {
  const rows = historicalRows(SAMPLE_COMPANY);
  const row2024 = rows.find((row) => row.year === 2024);

  it('lists the reported years oldest first and finds the latest', () => {
    expect(rows.map((row) => row.year)).toEqual([2021, 2022, 2023, 2024]);
    expect(latestReportedYear(SAMPLE_COMPANY)).toBe(2024);
  });

  it('derives 2024 by hand: EBIT 20, NOPAT 15, D&A 5, capex 8, OWC 15, ΔOWC 3, FCF 9', () => {
    expect(row2024).toBeDefined();
    if (!row2024) return;
    expect(row2024.basis).toBe('statements');
    expect(row2024.operating_revenue).toBe(100);
    expect(row2024.operating_revenue_yoy).toBeCloseTo(0.25, 12);
    expect(row2024.operating_cost_pct).toBeCloseTo(0.6, 12);
    expect(row2024.tax_expenses_pct).toBeCloseTo(0.01, 12);
    expect(row2024.selling_expenses_pct).toBeCloseTo(0.1, 12);
    expect(row2024.management_expenses_pct).toBeCloseTo(0.05, 12);
    expect(row2024.r_and_d_expenses_pct).toBeCloseTo(0.04, 12);
    expect(row2024.ebit).toBeCloseTo(20, 12);
    expect(row2024.income_tax_to_total_profit).toBeCloseTo(0.25, 12);
    expect(row2024.nopat).toBeCloseTo(15, 12);
    expect(row2024.depreciation_and_amortization).toBeCloseTo(5, 12);
    expect(row2024.noncash_cost).toBeCloseTo(5, 12);
    expect(row2024.da_ratio).toBeCloseTo(0.05, 12);
    expect(row2024.Capital_Expenditure).toBeCloseTo(8, 12);
    expect(row2024.Capex_to_Revenue_Ratio).toBeCloseTo(0.08, 12);
    expect(row2024.Accounts_Receivable_Ratio).toBeCloseTo(0.2, 12);
    expect(row2024.Contract_Assets).toBe(0);
    expect(row2024.Operating_Current_Assets_Total).toBeCloseTo(30, 12);
    expect(row2024.Operating_Current_Liabilities_Total).toBeCloseTo(15, 12);
    expect(row2024.Operating_Working_Capital).toBeCloseTo(15, 12);
    // 2023: OWC = 80 × (0.2 + 0.1 − 0.15) = 12, so ΔOWC = 3.
    expect(row2024.Change_In_Operating_WC).toBeCloseTo(3, 12);
    // FCF = 15 + 5 − 3 − 8 = 9.
    expect(row2024.FCFF).toBeCloseTo(9, 12);
  });

  it('leaves growth, ΔOWC and FCF unknown for the first year (no prior balance)', () => {
    const first = rows[0];
    expect(first?.operating_revenue_yoy).toBeNull();
    expect(first?.Change_In_Operating_WC).toBeNull();
    expect(first?.FCFF).toBeNull();
  });
});

describe('impairments and other income in EBIT', () => {
  const year2024 = SAMPLE_COMPANY.years[2024] ?? {};
  const withLines: CompanyStatements = {
    ...SAMPLE_COMPANY,
    years: {
      ...SAMPLE_COMPANY.years,
      2024: { ...year2024, asset_impairment_loss: 2, credit_impairment_loss: 1, other_income: 0.5 },
    },
  };

  it('subtracts 资产减值损失 and 信用减值损失 and adds 其他收益: EBIT 20 − 3 + 0.5 = 17.5', () => {
    const row = historicalRows(withLines).find((entry) => entry.year === 2024);
    expect(row?.impairment_losses).toBeCloseTo(3, 12);
    expect(row?.impairment_losses_pct).toBeCloseTo(0.03, 12);
    expect(row?.other_income).toBeCloseTo(0.5, 12);
    expect(row?.other_income_pct).toBeCloseTo(0.005, 12);
    expect(row?.ebit).toBeCloseTo(17.5, 12);
    expect(row?.nopat).toBeCloseTo(17.5 * 0.75, 12);
  });

  it('shows 其他收益 but leaves it out of EBIT and of its ratio where an admin marks it non-operating', () => {
    const row = historicalRows(withLines, { otherIncomeOperating: false }).find((entry) => entry.year === 2024);
    expect(row?.other_income).toBeCloseTo(0.5, 12);
    expect(row?.other_income_pct).toBe(0);
    expect(row?.ebit).toBeCloseTo(17, 12);
  });
});

describe('historicalRows on incomplete and summary-only data', () => {
  it('approximates EBIT from the financial summary and leaves D&A, capex, working capital unknown', () => {
    const summaryOnly: CompanyStatements = {
      code: '000333',
      name: '美的集团',
      years: {
        2018: { operating_revenue: 2596.6482, operating_profit: 255.6411, investment_income: 9.0733 },
        2019: {
          operating_revenue: 2782.1602,
          operating_profit: 296.8309,
          investment_income: 1.6413,
          total_profit: 299.2911,
          net_profit: 242.1122,
        },
      },
    };
    const rows = historicalRows(summaryOnly);
    const last = rows[1];
    expect(last?.basis).toBe('summary');
    // EBIT ≈ operating profit − investment income = 296.8309 − 1.6413.
    expect(last?.ebit).toBeCloseTo(295.1896, 9);
    // The one cost ratio reproduces the EBIT margin.
    expect(last?.operating_cost_pct).toBeCloseTo(1 - 295.1896 / 2782.1602, 12);
    // Tax rate from net / total profit when income tax is not reported: 1 − 242.1122 / 299.2911.
    expect(last?.income_tax_to_total_profit).toBeCloseTo(1 - 242.1122 / 299.2911, 12);
    expect(last?.depreciation_and_amortization).toBeNull();
    expect(last?.Capital_Expenditure).toBeNull();
    expect(last?.Operating_Working_Capital).toBeNull();
    expect(last?.FCFF).toBeNull();
    // Without a positive total profit the tax rate is unknown and NOPAT uses 25%.
    expect(rows[0]?.income_tax_to_total_profit).toBeNull();
    expect(rows[0]?.nopat).toBeCloseTo((255.6411 - 9.0733) * 0.75, 9);
  });

  it('leaves D&A and capex unknown when the cash-flow statement is missing', () => {
    const noCashFlow: CompanyStatements = {
      code: '002352',
      name: '顺丰控股',
      years: { 2018: { operating_revenue: 100, operating_cost: 80, total_profit: 5, income_tax: 1 } },
    };
    const [row] = historicalRows(noCashFlow);
    expect(row?.basis).toBe('statements');
    expect(row?.ebit).toBe(20);
    expect(row?.income_tax_to_total_profit).toBeCloseTo(0.2, 12);
    expect(row?.depreciation_and_amortization).toBeNull();
    expect(row?.FCFF).toBeNull();
  });

  it('skips years without revenue and non-finite figures', () => {
    const odd: CompanyStatements = {
      code: '',
      name: 'x',
      years: { 2019: { cash: 5 }, 2020: { operating_revenue: Number.NaN }, 2021: { total_operating_revenue: 10 } },
    };
    expect(reportedYears(odd)).toEqual([2021]);
  });

  it('gives no rows for a company without statements', () => {
    expect(historicalRows({ code: '', name: 'empty', years: {} })).toEqual([]);
    expect(latestReportedYear({ code: '', name: 'empty', years: {} })).toBeNull();
  });
});
