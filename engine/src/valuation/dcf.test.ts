import { describe, expect, it } from 'vitest';
import { ValuationError } from '../errors.ts';
import { discountCashFlows, discountFactors, type EquityBridge, enterpriseValue, keptDiscountFactors } from './dcf.ts';

const bridge: EquityBridge = { non_core_assets: 10, cash: 30, interest_bearing_liabilities: 35, minority_interest: 3 };

/**
 * The worked example of docs/requirements.md#defaults (WACC 9%, g 2.5%, 5 forecast years) on FCF 10, 11, 12, 13, 14 亿元, worked by hand:
 * factors 1.09⁻ⁿ = 0.917431, 0.841680, 0.772183, 0.708425, 0.649931; PVs 9.174312, 9.258480, 9.266202,
 * 9.209528, 9.099039, Σ = 46.007561; TV = 14 × 1.025 / 0.065 = 220.769231; PV(TV) = 220.769231 ×
 * 0.649931 = 143.484852; EV = 189.492413; equity = 189.492413 + 10 + 30 − 35 − 3 = 191.492413;
 * per share at 12.56 亿股 = 15.246211 元; terminal share of EV = 143.484852 / 189.492413 = 75.72%.
 */
describe('discountCashFlows: the demo DCF worked by hand', () => {
  const result = discountCashFlows({
    fcf: [10, 11, 12, 13, 14],
    firstYear: 2025,
    wacc: 0.09,
    terminalGrowth: 0.025,
    bridge,
    totalShares: 12.56,
  });

  it('discounts each year with (1+WACC)^-n, n from 1', () => {
    expect(result.forecast.map((row) => row.year)).toEqual([2025, 2026, 2027, 2028, 2029]);
    const factors = [0.917431, 0.84168, 0.772183, 0.708425, 0.649931];
    const discounted = [9.174312, 9.25848, 9.266202, 9.209528, 9.099039];
    result.forecast.forEach((row, index) => {
      expect(row.discount_factor).toBeCloseTo(factors[index] as number, 6);
      expect(row.discounted_fcf).toBeCloseTo(discounted[index] as number, 6);
    });
    expect(result.forecast_fcf_sum).toBeCloseTo(46.007561, 6);
  });

  it('values the terminal year with the Gordon formula, discounted by the 5-year factor', () => {
    expect(result.terminal_value).toBeCloseTo(220.769231, 6);
    expect(result.terminal_pv).toBeCloseTo(143.484852, 6);
  });

  it('bridges enterprise value to equity and value per share', () => {
    expect(result.valuation.enterprise_value).toBeCloseTo(189.492413, 6);
    expect(result.valuation.equity_value).toBeCloseTo(191.492413, 6);
    expect(result.valuation.total_shares).toBe(12.56);
    expect(result.valuation.value_per_share).toBeCloseTo(15.246211, 6);
    expect(result.wacc).toBe(0.09);
    expect(result.g).toBe(0.025);
  });

  it('reports the terminal value share of EV without a warning below 80%', () => {
    expect(result.terminal_value_share).toBeCloseTo(0.757206, 6);
    expect(result.terminal_value_warning).toBe(false);
  });

  it('agrees with the allocation-free enterpriseValue used by the grid and the reverse DCF', () => {
    expect(enterpriseValue([10, 11, 12, 13, 14], 0.09, 0.025)).toBeCloseTo(result.valuation.enterprise_value, 10);
  });
});

describe('discountCashFlows: edge cases and bad input', () => {
  const base = { fcf: [10, 11, 12, 13, 14], firstYear: 2025, wacc: 0.09, terminalGrowth: 0.025, bridge };

  it('gives no value per share (null, never 0) when shares are not positive', () => {
    expect(discountCashFlows({ ...base, totalShares: 0 }).valuation.value_per_share).toBeNull();
    expect(discountCashFlows({ ...base, totalShares: -1 }).valuation.value_per_share).toBeNull();
  });

  it('warns when the terminal value is more than 80% of EV', () => {
    const heavy = discountCashFlows({ ...base, wacc: 0.05, terminalGrowth: 0.04, totalShares: 10 });
    expect(heavy.terminal_value_share).toBeGreaterThan(0.8);
    expect(heavy.terminal_value_warning).toBe(true);
  });

  it('flags a non-positive EV instead of a meaningless share', () => {
    const negative = discountCashFlows({ ...base, fcf: [-5, -5, -5, -5, -5], totalShares: 10 });
    expect(negative.terminal_value_share).toBeNull();
    expect(negative.terminal_value_warning).toBe(true);
  });

  const failures: [string, Partial<typeof base> & { totalShares?: number }, string, string][] = [
    ['missing WACC', { wacc: undefined as unknown as number }, 'WACC_MISSING', 'WACC数据缺失'],
    ['missing g', { terminalGrowth: undefined as unknown as number }, 'GROWTH_MISSING', '永续增长率数据缺失'],
    ['WACC equal to g', { wacc: 0.03, terminalGrowth: 0.03 }, 'WACC_NOT_ABOVE_GROWTH', 'WACC必须大于永续增长率'],
    ['WACC below g', { wacc: 0.02, terminalGrowth: 0.03 }, 'WACC_NOT_ABOVE_GROWTH', 'WACC必须大于永续增长率'],
    ['non-finite WACC', { wacc: Number.NaN }, 'INVALID_NUMBER', '无效的数值'],
    ['infinite g', { terminalGrowth: Number.NEGATIVE_INFINITY }, 'INVALID_NUMBER', '无效的数值'],
    ['a NaN FCF', { fcf: [1, Number.NaN, 1, 1, 1] }, 'INVALID_NUMBER', '无效的数值'],
    ['no forecast', { fcf: [] }, 'FORECAST_MISSING', '预测自由现金流数据缺失'],
    ['non-finite shares', { totalShares: Number.POSITIVE_INFINITY }, 'INVALID_NUMBER', '无效的数值'],
  ];
  it.each(failures)('rejects %s with a typed Chinese error', (_label, change, code, message) => {
    const attempt = () => discountCashFlows({ totalShares: 10, ...base, ...change });
    expect(attempt).toThrow(ValuationError);
    try {
      attempt();
    } catch (error) {
      expect((error as ValuationError).code).toBe(code);
      expect((error as ValuationError).message).toContain(message);
    }
  });

  it('rejects a non-finite bridge item', () => {
    expect(() => discountCashFlows({ ...base, totalShares: 10, bridge: { ...bridge, cash: Number.NaN } })).toThrow(
      '无效的数值',
    );
  });
});

describe('the bridge as lines', () => {
  const lines = [
    { item: 'cash', label: '货币资金', amount: 30 },
    { item: 'long_term_equity_investments', label: '长期股权投资', amount: 10 },
    { item: 'short_term_borrowings', label: '短期借款', amount: -20 },
    { item: 'lease_liabilities', label: '租赁负债', amount: -15 },
    { item: 'minority_interest', label: '少数股东权益', amount: -3 },
  ] as const;
  const result = discountCashFlows({
    fcf: [10, 11, 12, 13, 14],
    firstYear: 2025,
    wacc: 0.09,
    terminalGrowth: 0.025,
    bridge,
    bridgeLines: lines,
    totalShares: 12.56,
  });

  it('starts with enterprise value and sums exactly to the equity value', () => {
    expect(result.bridge[0]).toEqual({
      item: 'enterprise_value',
      label: '企业价值',
      amount: result.valuation.enterprise_value,
    });
    expect(result.bridge.slice(1)).toEqual(lines);
    expect(result.bridge.reduce((sum, line) => sum + line.amount, 0)).toBe(result.valuation.equity_value);
    expect(result.valuation.equity_value).toBeCloseTo(189.492413 + 30 + 10 - 20 - 15 - 3, 6);
  });

  it('falls back to the four totals as lines', () => {
    const plain = discountCashFlows({
      fcf: [10],
      firstYear: 2025,
      wacc: 0.09,
      terminalGrowth: 0.025,
      bridge,
      totalShares: 1,
    });
    expect(plain.bridge.map((line) => [line.item, line.amount])).toEqual([
      ['enterprise_value', plain.valuation.enterprise_value],
      ['non_core_assets', 10],
      ['cash', 30],
      ['interest_bearing_liabilities', -35],
      ['minority_interest', -3],
    ]);
  });
});

/**
 * Terminal value by the value driver, by hand: NOPAT₅ 20, g 2.5%, RONIC 12.5% → reinvestment g / RONIC =
 * 20%; TV = 20 × 1.025 × (1 − 0.2) / (0.09 − 0.025) = 16.4 / 0.065 = 252.307692. Under Gordon the same
 * stream (FCF₅ 14 of NOPAT₅ 20) reinvests 1 − 14/20 = 30%, implying RONIC = 2.5% / 30% = 8.33%.
 */
describe('terminal value methods and the implied RONIC', () => {
  const input = {
    fcf: [10, 11, 12, 13, 14],
    firstYear: 2025,
    wacc: 0.09,
    terminalGrowth: 0.025,
    bridge,
    totalShares: 12.56,
  };

  it('values the terminal year by the value driver with the given RONIC', () => {
    const result = discountCashFlows({ ...input, terminal: { method: 'value_driver', nopat: 20, ronic: 0.125 } });
    expect(result.terminal_value).toBeCloseTo(252.307692, 6);
    expect(result.terminal).toEqual({
      method: 'value_driver',
      nopat: 20 * 1.025,
      reinvestment_rate: 0.2,
      implied_ronic: 0.125,
      consistent_terminal_value: result.terminal_value,
      consistent_value_per_share: result.valuation.value_per_share,
    });
  });

  it('takes RONIC = WACC by default, where growth adds nothing: TV = NOPAT₆ / WACC', () => {
    const result = discountCashFlows({ ...input, terminal: { method: 'value_driver', nopat: 20 } });
    expect(result.terminal_value).toBeCloseTo((20 * 1.025) / 0.09, 9);
    expect(result.terminal.implied_ronic).toBe(0.09);
  });

  it('implies RONIC = g / reinvestment rate under Gordon', () => {
    const result = discountCashFlows({ ...input, terminal: { method: 'gordon', nopat: 20 } });
    expect(result.terminal_value).toBeCloseTo(220.769231, 6);
    expect(result.terminal.reinvestment_rate).toBeCloseTo(0.3, 12);
    expect(result.terminal.implied_ronic).toBeCloseTo(0.025 / 0.3, 12);
  });

  it('implies no RONIC for growth without reinvestment, or without a positive NOPAT', () => {
    const free = discountCashFlows({ ...input, terminal: { method: 'gordon', nopat: 12 } });
    expect(free.terminal.reinvestment_rate).toBeCloseTo(1 - 14 / 12, 12);
    expect(free.terminal.implied_ronic).toBeNull();
    const loss = discountCashFlows({ ...input, terminal: { method: 'gordon', nopat: -5 } });
    expect(loss.terminal).toMatchObject({ reinvestment_rate: null, implied_ronic: null });
  });

  it('refuses a RONIC that is not positive', () => {
    expect(() => discountCashFlows({ ...input, terminal: { method: 'value_driver', nopat: 20, ronic: 0 } })).toThrow(
      ValuationError,
    );
  });
});

describe('kept discount factors', () => {
  it('are the fresh factors, whatever WACCs and horizons came before', () => {
    for (let round = 0; round < 3; round++) {
      for (let step = 0; step < 20; step++) {
        const wacc = 0.05 + step * 0.005;
        const years = 3 + (step % 3);
        expect(keptDiscountFactors(wacc, years)).toEqual(discountFactors(wacc, years));
      }
    }
  });
});
