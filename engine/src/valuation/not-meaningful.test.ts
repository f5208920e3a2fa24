import { describe, expect, it } from 'vitest';
import { perShareValueOf } from '../market/value-figures.ts';
import type { CompanyStatements } from '../statements/items.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { valueCompany } from './company-valuation.ts';

/** 样本公司 without any share count: no 股本, 期末总股本 or EPS. */
const NO_SHARES: CompanyStatements = {
  ...SAMPLE_COMPANY,
  years: Object.fromEntries(
    Object.entries(SAMPLE_COMPANY.years).map(
      ([year, { share_capital: _c, total_shares: _t, eps_basic: _e, ...rest }]) => [year, rest],
    ),
  ),
};

const codes = (warnings: readonly { code: string }[]) => warnings.map((warning) => warning.code);

describe('a value per share that is not a result', () => {
  it('is null with shares_unknown when the share count is unknown (the equity value stands)', () => {
    const valuation = valueCompany({ statements: NO_SHARES, parameters: { wacc_manual: 0.09 } });
    expect(valuation.dcf?.valuation.total_shares).toBe(0);
    // The DCF's own figure too (the API's dcf.valuation): null, never a 0 that reads as a price.
    expect(valuation.dcf?.valuation.value_per_share).toBeNull();
    expect(valuation.dcf?.valuation.equity_value).toBeGreaterThan(0);
    expect(codes(valuation.warnings)).toContain('shares_unknown');
    expect(perShareValueOf(valuation)).toEqual({ value: null, reason: '缺少总股本，无法计算每股价值' });
  });

  it('is null with terminal_value_exceeds_ev when the terminal value is more than the whole EV', () => {
    // A first year of capex equal to revenue burns cash, the terminal value carries more than the EV.
    const overrides = { 2025: { Capex_to_Revenue_Ratio: 1 }, 2026: { Capex_to_Revenue_Ratio: 0.05 } };
    const valuation = valueCompany({ statements: SAMPLE_COMPANY, parameters: { wacc_manual: 0.09 }, overrides });
    const share = valuation.dcf?.terminal_value_share ?? 0;
    if (share <= 1) throw new Error(`terminal share ${share}`);
    expect(codes(valuation.warnings)).toContain('terminal_value_exceeds_ev');
    expect(codes(valuation.warnings)).not.toContain('terminal_value_dominates');
    expect(perShareValueOf(valuation).value).toBeNull();
  });
});
