import { describe, expect, it } from 'vitest';
import type { CompanyStatements, StatementYear } from '../statements/items.ts';
import { DEFAULT_DEPRECIATION_RATE, depreciationRateOf, estimatedDaCapex } from './estimated-capex.ts';
import { analyseHistory } from './historical-rows.ts';

/** Income statement and balance sheet, no cash-flow statement: revenue 100, EBIT 20. */
function year(fixed: number, construction: number, extra: StatementYear = {}): StatementYear {
  return {
    operating_revenue: 100,
    operating_cost: 80,
    total_profit: 20,
    income_tax: 5,
    fixed_assets: fixed,
    construction_in_progress: construction,
    intangible_assets: 10,
    ...extra,
  };
}

describe('D&A and capex of a year without a cash-flow statement', () => {
  it('D&A = the rate × the opening depreciable base; capex = Δ operating long-term assets + D&A, at least 0', () => {
    const estimate = estimatedDaCapex(year(120, 20), year(100, 10), 0.1);
    // Opening base 100 + 10 = 110 → D&A 11; long-term assets 150 − 120 = 30 → capex 41.
    expect(estimate?.da).toBeCloseTo(11, 12);
    expect(estimate?.capex).toBeCloseTo(41, 12);
    expect(estimatedDaCapex(year(50, 0), year(100, 10), 0.1)?.capex).toBe(0);
    expect(estimatedDaCapex({ operating_revenue: 100 }, undefined, 0.1)).toBeNull();
  });

  it('takes the company’s own median rate where a year has both statements, else the default', () => {
    const statements: CompanyStatements = {
      code: '',
      name: '',
      years: { 2020: year(100, 10), 2021: year(120, 20, { depreciation_fixed_assets: 22 }), 2022: year(130, 0) },
    };
    expect(depreciationRateOf(statements)).toEqual({ rate: 0.2, years: [2021] });
    expect(depreciationRateOf({ code: '', name: '', years: { 2020: year(100, 10) } }).rate).toBe(
      DEFAULT_DEPRECIATION_RATE,
    );
  });

  it('estimates a year whose only cash-flow figure is the financial summary’s 经营现金流 (never D&A 0)', () => {
    const statements: CompanyStatements = {
      code: '',
      name: '',
      years: { 2021: year(100, 10), 2022: year(120, 20, { operating_cash_flow: 30 }) },
    };
    const { rows, estimatedCapex } = analyseHistory(statements);
    expect(estimatedCapex?.years).toEqual([2021, 2022]);
    expect(rows[1]?.depreciation_and_amortization).toBeCloseTo(11, 12);
    expect(rows[1]?.Capital_Expenditure).toBeCloseTo(41, 12);
  });
});
