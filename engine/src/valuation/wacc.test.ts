import { describe, expect, it } from 'vitest';
import { calculateWacc, WACC_ASSUMPTIONS, waccBreakdown, waccCalculation } from './wacc.ts';

/**
 * A leveraged company by hand: equity 100 (no minority), debt 300, financial expenses 12 on average debt 300
 * → Kd 4%; tax 25%; D/V = 75%: raw WACC = 25% × 9% + 75% × 4% × 75% = 2.25% + 2.25% = 4.5%, below the 6% floor.
 */
const LEVERAGED = {
  parent_equity: 100,
  long_term_borrowings: 300,
  financial_expenses: 12,
  total_profit: 40,
  income_tax: 10,
};

describe('the calculated WACC in the open', () => {
  const calculation = waccCalculation(LEVERAGED, undefined);

  it('keeps the raw figure, the bounded one and the bound', () => {
    expect(calculation?.raw).toBeCloseTo(0.045, 12);
    expect(calculation?.bounded).toBe(0.06);
    expect(calculation?.bound).toBe('floor');
    expect(calculateWacc(LEVERAGED, undefined)).toBe(0.06);
  });

  it('lists every component', () => {
    expect(calculation?.components).toEqual({
      risk_free_rate: 0.03,
      equity_risk_premium: 0.06,
      beta: 1,
      beta_industry: null,
      cost_of_debt: 0.04,
      tax_rate: 0.25,
      equity_weight: 0.25,
      debt_weight: 0.75,
    });
  });

  it('caps a high WACC and names the beta’s industry', () => {
    const risky = waccCalculation({ parent_equity: 100 }, undefined, {
      ...WACC_ASSUMPTIONS,
      beta: 2.5,
      betaIndustry: '采矿业',
    });
    expect(risky?.raw).toBeCloseTo(0.18, 12);
    expect(risky?.bound).toBe('cap');
    expect(risky?.components.beta_industry).toBe('采矿业');
  });

  it('takes the forecast’s tax rate for the tax shield when given', () => {
    expect(waccCalculation(LEVERAGED, undefined, WACC_ASSUMPTIONS, 0.15)?.components.tax_rate).toBe(0.15);
  });

  it('reports the applied WACC: manual (no bound applies), bounded, or the 8% fallback', () => {
    expect(waccBreakdown(calculation, null)).toMatchObject({ applied_wacc: 0.06, bound_applied: 'floor' });
    expect(waccBreakdown(calculation, 0.07)).toMatchObject({ applied_wacc: 0.07, bound_applied: null });
    expect(waccBreakdown(null, null)).toEqual({
      calculated_wacc: null,
      applied_wacc: 0.08,
      bound_applied: null,
      components: null,
    });
  });
});
