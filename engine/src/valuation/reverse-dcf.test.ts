import { describe, expect, it } from 'vitest';
import { discountCashFlows, type EquityBridge, type TerminalValueMethod } from './dcf.ts';
import { impliedGrowth } from './reverse-dcf.ts';

const bridge: EquityBridge = { non_core_assets: 10, cash: 30, interest_bearing_liabilities: 35, minority_interest: 3 };
const rates = { wacc: 0.09, terminalGrowth: 0.025 };
const totalShares = 12.56;
const [baseFcf, baseNopat] = [10, 14];

/** The price of a stream whose FCF and NOPAT grow at `growth` from the bases, valued by the forward DCF. */
function priceAt(growth: number, method: TerminalValueMethod, ronic: number | null): number {
  const stream = Array.from({ length: 5 }, (_, n) => baseFcf * (1 + growth) ** n);
  return (
    discountCashFlows({
      fcf: stream,
      firstYear: 2025,
      ...rates,
      bridge,
      totalShares,
      terminal: { method, nopat: baseNopat * (1 + growth) ** 4, ronic },
    }).valuation.value_per_share ?? Number.NaN
  );
}

describe('reverse DCF with the forward DCF’s terminal value', () => {
  it.each([
    ['gordon', null],
    ['value_driver', null],
    ['value_driver', 0.15],
  ] as const)('gives back the growth behind a %s price (RONIC %s)', (method, ronic) => {
    const growth = 0.08;
    const result = impliedGrowth({
      price: priceAt(growth, method, ronic),
      baseFcf,
      years: 5,
      ...rates,
      bridge,
      totalShares,
      terminal: { method, baseNopat, ronic },
    });
    expect(result.impliedGrowth).toBeCloseTo(growth, 9);
  });

  it('reads one price differently under the value driver than under Gordon', () => {
    const price = priceAt(0.08, 'value_driver', 0.15);
    const input = { price, baseFcf, years: 5, ...rates, bridge, totalShares };
    const gordon = impliedGrowth(input).impliedGrowth;
    const valueDriver = impliedGrowth({ ...input, terminal: { method: 'value_driver', baseNopat, ronic: 0.15 } });
    expect(Math.abs(gordon - valueDriver.impliedGrowth)).toBeGreaterThan(0.001);
  });

  it('refuses the value driver without a NOPAT', () => {
    expect(() =>
      impliedGrowth({
        price: 20,
        baseFcf,
        years: 5,
        ...rates,
        bridge,
        totalShares,
        terminal: { method: 'value_driver', baseNopat: null },
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_NUMBER' }));
  });
});
