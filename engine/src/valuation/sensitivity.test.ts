import { describe, expect, it } from 'vitest';
import type { ValuationError } from '../errors.ts';
import { discountCashFlows, type EquityBridge, enterpriseValue, equityFromEnterpriseValue, perShare } from './dcf.ts';
import { impliedGrowth } from './reverse-dcf.ts';
import { sensitivityGrid } from './sensitivity.ts';

const bridge: EquityBridge = { non_core_assets: 10, cash: 30, interest_bearing_liabilities: 35, minority_interest: 3 };
const fcf = [10, 11, 12, 13, 14];

/** A fixed FCF stream valued at each cell (the whole model's re-valuation is tested in company-valuation). */
const fixedStream = (shares: number) => (wacc: number, g: number) =>
  perShare(equityFromEnterpriseValue(enterpriseValue(fcf, wacc, g), bridge), shares);

describe('WACC × g sensitivity grid', () => {
  const grid = sensitivityGrid(fixedStream(12.56), 0.09, 0.025);

  it('is 5 × 5 around the base, WACC ±1 pt and g ±0.5 pt steps', () => {
    expect(grid.waccs.map((w) => Number(w.toFixed(4)))).toEqual([0.07, 0.08, 0.09, 0.1, 0.11]);
    expect(grid.growths.map((g) => Number(g.toFixed(4)))).toEqual([0.015, 0.02, 0.025, 0.03, 0.035]);
    expect(grid.values).toHaveLength(5);
    for (const row of grid.values) expect(row).toHaveLength(5);
  });

  it('has the base case in the centre', () => {
    expect(grid.values[2]?.[2]).toBeCloseTo(15.246211, 6);
  });

  it('falls along each column as WACC rises and rises along each row as g rises', () => {
    for (let j = 0; j < 5; j++) {
      for (let i = 1; i < 5; i++) expect(grid.values[i]?.[j] as number).toBeLessThan(grid.values[i - 1]?.[j] as number);
    }
    for (const row of grid.values) {
      for (let j = 1; j < 5; j++) expect(row[j] as number).toBeGreaterThan(row[j - 1] as number);
    }
  });

  it('leaves cells where WACC ≤ g empty instead of inventing a value', () => {
    const tight = sensitivityGrid(fixedStream(10), 0.03, 0.025);
    expect(tight.values[0]?.[0]).toBeNull(); // 1% vs 1.5%
    expect(tight.values[2]?.[2]).not.toBeNull();
  });
});

describe('reverse DCF', () => {
  it('recovers the growth that produced a price', () => {
    const growth = 0.08;
    const stream = Array.from({ length: 5 }, (_, n) => 10 * (1 + growth) ** n);
    const price =
      discountCashFlows({
        fcf: stream,
        firstYear: 2025,
        wacc: 0.09,
        terminalGrowth: 0.025,
        bridge,
        totalShares: 12.56,
      }).valuation.value_per_share ?? Number.NaN;
    const result = impliedGrowth({
      price,
      baseFcf: 10,
      years: 5,
      wacc: 0.09,
      terminalGrowth: 0.025,
      bridge,
      totalShares: 12.56,
    });
    expect(result.impliedGrowth).toBeCloseTo(growth, 9);
  });

  it('explains its refusals', () => {
    const input = { price: 10, baseFcf: 10, years: 5, wacc: 0.09, terminalGrowth: 0.025, bridge, totalShares: 12.56 };
    const code = (change: Partial<typeof input>) => {
      try {
        impliedGrowth({ ...input, ...change });
        return 'ok';
      } catch (error) {
        return (error as ValuationError).code;
      }
    };
    expect(code({ baseFcf: -1 })).toBe('BASE_FCF_NOT_POSITIVE');
    expect(code({ price: 0 })).toBe('PRICE_NOT_POSITIVE');
    expect(code({ totalShares: 0 })).toBe('SHARES_MISSING');
    expect(code({ wacc: 0.02 })).toBe('WACC_NOT_ABOVE_GROWTH');
    expect(code({ price: 1e6 })).toBe('IMPLIED_GROWTH_OUT_OF_RANGE');
    expect(code({})).toBe('ok');
  });
});
