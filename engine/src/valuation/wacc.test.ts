import { describe, expect, it } from 'vitest';
import { riskFreeRateAt } from './risk-free-rates.ts';
import { syntheticRating } from './synthetic-rating.ts';
import {
  calculateWacc,
  INDUSTRY_BETA_DEBT_TO_EQUITY,
  WACC_ASSUMPTIONS,
  waccBreakdown,
  waccCalculation,
} from './wacc.ts';

/**
 * A leveraged company by hand: equity 100 (no minority), debt 300, 财务费用 12, EBIT 52 (coverage 4.33 → A,
 * spread 0.85%); tax 25%; no valuation date (rf 3%). βu = 1 / (1 + 0.75 × 0.5) = 0.7273, relevered at D/E 3:
 * β = 0.7273 × (1 + 0.75 × 3) = 2.3636; Ke = 3% + 2.3636 × 6% = 17.18%; Kd = 3.85%; D/V = 75%:
 * WACC = 25% × 17.18% + 75% × 3.85% × 75% = 4.295% + 2.166% = 6.461%.
 */
const LEVERAGED = {
  parent_equity: 100,
  long_term_borrowings: 300,
  financial_expenses: 12,
  total_profit: 40,
  income_tax: 10,
};
const EBIT = 52;

describe('the calculated WACC in the open', () => {
  const calculation = waccCalculation(LEVERAGED, WACC_ASSUMPTIONS, { ebit: EBIT });

  it('relevers the industry β at the company’s D/E and prices its debt by its synthetic rating', () => {
    expect(calculation?.components.beta_unlevered).toBeCloseTo(1 / 1.375, 12);
    expect(calculation?.components.beta).toBeCloseTo((1 / 1.375) * 3.25, 12);
    expect(calculation?.components).toMatchObject({
      risk_free_rate: 0.03,
      risk_free_date: null,
      synthetic_rating: 'A',
      default_spread: 0.0085,
      weights_basis: 'book',
      debt_to_equity: 3,
      equity_weight: 0.25,
      debt_weight: 0.75,
      tax_rate: 0.25,
    });
    expect(calculation?.components.cost_of_debt).toBeCloseTo(0.0385, 12);
    expect(calculation?.components.interest_coverage).toBeCloseTo(52 / 12, 12);
    const ke = 0.03 + (3.25 / 1.375) * 0.06;
    expect(calculation?.raw).toBeCloseTo(0.25 * ke + 0.75 * 0.0385 * 0.75, 12);
    expect(calculation?.bound).toBeNull();
  });

  it('keeps the industry β for a company at the industry’s leverage', () => {
    const atIndustry = waccCalculation(
      { parent_equity: 100, long_term_borrowings: 100 * INDUSTRY_BETA_DEBT_TO_EQUITY, total_profit: 4, income_tax: 1 },
      { ...WACC_ASSUMPTIONS, beta: 0.7 },
    );
    expect(atIndustry?.components.beta).toBeCloseTo(0.7, 12);
  });

  it('weights equity at the quote’s market cap when there is one, and says so', () => {
    const market = waccCalculation(LEVERAGED, WACC_ASSUMPTIONS, {
      ebit: EBIT,
      marketCap: { value: 900, date: '2019-12-31' },
    });
    expect(market?.components).toMatchObject({
      weights_basis: 'market',
      market_cap: 900,
      market_cap_date: '2019-12-31',
      equity_weight: 0.75,
      debt_weight: 0.25,
    });
    expect(market?.components.debt_to_equity).toBeCloseTo(1 / 3, 12);
  });

  it('counts perpetual bonds (其他权益工具) with debt, not with the ordinary equity', () => {
    const withPerpetuals = waccCalculation({ ...LEVERAGED, parent_equity: 150, other_equity_instruments: 50 });
    expect(withPerpetuals?.components.debt_weight).toBeCloseTo(0.35 / 0.45, 12);
    expect(withPerpetuals?.components.debt_to_equity).toBeCloseTo(3.5, 12);
  });

  it('dates the risk-free rate: the 10-year yield at the last year-end before the valuation', () => {
    const dated = waccCalculation(LEVERAGED, WACC_ASSUMPTIONS, { ebit: EBIT, asOf: '2019-06-30' });
    expect(dated?.components).toMatchObject({ risk_free_rate: 0.0323, risk_free_date: '2018-12-31' });
    expect(dated?.components.cost_of_debt).toBeCloseTo(0.0323 + 0.0085, 12);
    expect(riskFreeRateAt('2019-12-31', WACC_ASSUMPTIONS.riskFreeRates)).toEqual({ rate: 0.0314, date: '2019-12-31' });
    expect(riskFreeRateAt('2026-03-01', WACC_ASSUMPTIONS.riskFreeRates)).toEqual({ rate: 0.0168, date: '2024-12-31' });
    expect(riskFreeRateAt('2005-03-01', WACC_ASSUMPTIONS.riskFreeRates)?.date).toBe('2011-12-31');
    expect(riskFreeRateAt(null, WACC_ASSUMPTIONS.riskFreeRates)).toBeNull();
  });

  it('caps a high WACC and names the beta’s industry', () => {
    const risky = waccCalculation({ parent_equity: 100 }, { ...WACC_ASSUMPTIONS, beta: 3, betaIndustry: '采矿业' });
    expect(risky?.raw).toBeCloseTo(0.03 + (3 / 1.375) * 0.06, 12);
    expect(risky?.bound).toBe('cap');
    expect(risky?.components.beta_industry).toBe('采矿业');
    expect(calculateWacc({ parent_equity: 100 }, { ...WACC_ASSUMPTIONS, beta: 3 })).toBe(0.14);
  });

  it('takes the forecast’s tax rate for the tax shield when given', () => {
    expect(waccCalculation(LEVERAGED, WACC_ASSUMPTIONS, { taxRate: 0.15 })?.components.tax_rate).toBe(0.15);
  });

  it('reports the applied WACC: manual (no bound applies), bounded, or the 8% fallback', () => {
    const floored = waccCalculation({ ...LEVERAGED, long_term_borrowings: 3000 }, { ...WACC_ASSUMPTIONS, beta: 0.3 });
    expect(floored?.bound).toBe('floor');
    expect(waccBreakdown(floored, null)).toMatchObject({ applied_wacc: 0.06, bound_applied: 'floor' });
    expect(waccBreakdown(floored, 0.07)).toMatchObject({ applied_wacc: 0.07, bound_applied: null });
    expect(waccBreakdown(null, null)).toEqual({
      calculated_wacc: null,
      applied_wacc: 0.08,
      bound_applied: null,
      components: null,
    });
  });
});

describe('the synthetic rating (Damodaran, large non-financial firms)', () => {
  it.each([
    [100, 10, 'AAA', 0.0045],
    [70, 10, 'AA', 0.006],
    [30, 10, 'A-', 0.0095],
    [25, 10, 'BBB', 0.012],
    [10, 10, 'CCC', 0.0728],
    [-5, 10, 'D', 0.19],
  ])('EBIT %d over interest %d → %s (%d)', (ebit, interest, rating, spread) => {
    expect(syntheticRating(ebit, interest)).toMatchObject({ rating, spread });
  });

  it('rates a company with net interest income AAA, without a coverage', () => {
    expect(syntheticRating(10, -2)).toEqual({ coverage: null, rating: 'AAA', spread: 0.0045 });
  });
});
