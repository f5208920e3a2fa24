import { describe, expect, it } from 'vitest';
import { discountStream } from './dcf.ts';
import { excessReturnValuation } from './models/excess-return.ts';

/**
 * Published valuations the engine's arithmetic must reproduce (docs/model.md, external checks). Their
 * inputs are rounded where they were published, so each is met within 0.2%.
 */

const WITHIN = 0.002;
const expectWithin = (actual: number, published: number) =>
  expect(Math.abs(actual / published - 1)).toBeLessThanOrEqual(WITHIN);

/** A plain two-stage DCF per share: the explicit cash flows and a Gordon terminal value, both discounted. */
const perShare = (cashFlows: readonly number[], rate: number, growth: number, shares: number) =>
  discountStream(cashFlows, rate, growth).enterpriseValue / shares;

describe('Simply Wall St’s published DCF examples (github.com/SimplyWallSt/Company-Analysis-Model, MODEL.markdown)', () => {
  it('Walt Disney, 22/09/2015 (FCFE): five cash flows at 8.42%, g 2.1%, 1,688 m shares → $101.58', () => {
    const value = perShare([6563, 8491, 9704, 11063, 12434], 0.0842, 0.021, 1688);
    expectWithin(value, 101.58);
  });

  it('Amazon, 14/02/2019: ten cash flows at 11.99%, g 2.73%, 488.96 m shares → $1,548', () => {
    const cashFlows = [27209, 37268, 46213, 58129, 70986, 81470, 90560, 98374, 105122, 111030];
    const stream = discountStream(cashFlows, 0.1199, 0.0273);
    // The published parts as well: PV of the ten years $359,949, PV of the terminal value $397,010.
    expectWithin(stream.pvSum, 359_949);
    expectWithin(stream.terminalPv, 397_010);
    expectWithin(perShare(cashFlows, 0.1199, 0.0273, 488.96), 1548);
  });
});

describe('an excess-return example', () => {
  it('book value 9.88 per share, next year’s excess return 0.167, Ke 5.17%, g 2.5% → 16.15', () => {
    const bookValue = 9.88;
    const costOfEquity = 0.0517;
    // The ROE that earns 0.167 above the cost of equity on that book value, forever (no explicit years).
    const roe = costOfEquity + 0.167 / bookValue;
    const valuation = excessReturnValuation({
      bookEquity: bookValue,
      normalisedRoe: roe,
      sustainableRoe: roe,
      costOfEquity,
      growth: 0.025,
      years: 0,
    });
    expect(valuation.terminal.excess_return).toBeCloseTo(0.167, 12);
    expectWithin(valuation.equity_value, 16.15);
  });
});
