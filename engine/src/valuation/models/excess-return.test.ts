import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValuationError } from '../../errors.ts';
import { excessReturnValuation, fadedRoe, justifiedPriceToBook } from './excess-return.ts';

const BASE = {
  bookEquity: 100,
  normalisedRoe: 0.15,
  sustainableRoe: 0.09,
  costOfEquity: 0.09,
  growth: 0.03,
  years: 10,
};

describe('excessReturnValuation', () => {
  it('fades ROE linearly to the sustainable level, reached in year N', () => {
    const { years } = excessReturnValuation(BASE);
    expect(years.map((year) => year.roe)).toEqual(Array.from({ length: 10 }, (_, index) => fadedRoe(BASE, index + 1)));
    expect(years[0]?.roe).toBeCloseTo(0.15 - 0.006, 12);
    expect(years[9]?.roe).toBeCloseTo(0.09, 12);
  });

  it('grows book value at g and pays out the rest (g = ROE × (1 − payout)), clean surplus', () => {
    for (const year of excessReturnValuation(BASE).years) {
      expect(year.closing_book_equity).toBeCloseTo(year.opening_book_equity * 1.03, 9);
      expect(year.closing_book_equity).toBeCloseTo(year.opening_book_equity + year.net_income - year.dividends, 9);
      expect(year.roe * (1 - (year.payout_ratio ?? Number.NaN))).toBeCloseTo(0.03, 12);
    }
  });

  it('adds to book value the excess returns discounted at Ke, by hand for two years and the terminal', () => {
    const valuation = excessReturnValuation({ ...BASE, normalisedRoe: 0.13, sustainableRoe: 0.11, years: 2 });
    // Year 1: ROE 12%, ER = (12% − 9%) × 100 = 3; year 2: ROE 11%, BV 103, ER = 2% × 103 = 2.06.
    // Terminal: ER₃ = 2% × 106.09 = 2.1218, TV = 2.1218 / 6% = 35.3633…, both discounted at 9%.
    const expected = 100 + 3 / 1.09 + 2.06 / 1.09 ** 2 + 2.1218 / 0.06 / 1.09 ** 2;
    expect(valuation.years.map((year) => year.excess_return)).toEqual([
      expect.closeTo(3, 12),
      expect.closeTo(2.06, 12),
    ]);
    expect(valuation.terminal.excess_return).toBeCloseTo(2.1218, 12);
    expect(valuation.equity_value).toBeCloseTo(expected, 9);
    expect(valuation.implied_pb).toBeCloseTo(expected / 100, 12);
  });

  it('with no excess return after year N, the terminal value is 0 and g only grows the book', () => {
    const valuation = excessReturnValuation(BASE);
    expect(valuation.terminal.value).toBe(0);
    expect(valuation.equity_value).toBeCloseTo(100 + valuation.present_value_sum, 9);
  });

  it('values a constant ROE at the justified P/B, (ROE − g) / (Ke − g), whatever the horizon', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -0.1, max: 0.4, noNaN: true }),
        fc.double({ min: 0.04, max: 0.15, noNaN: true }),
        fc.double({ min: -0.02, max: 0.03, noNaN: true }),
        fc.integer({ min: 0, max: 20 }),
        (roe, costOfEquity, growth, years) => {
          const valuation = excessReturnValuation({
            bookEquity: 50,
            normalisedRoe: roe,
            sustainableRoe: roe,
            costOfEquity,
            growth,
            years,
          });
          const expected = 50 * justifiedPriceToBook(roe, costOfEquity, growth);
          expect(valuation.equity_value).toBeCloseTo(expected, 6);
          expect(valuation.justified_pb).toBe(justifiedPriceToBook(roe, costOfEquity, growth));
        },
      ),
    );
  });

  it('refuses Ke ≤ g and a non-finite input with the field at fault', () => {
    const refusal = (inputs: typeof BASE) => {
      try {
        excessReturnValuation(inputs);
      } catch (error) {
        if (isValuationError(error)) return { code: error.code, field: error.field };
      }
      return null;
    };
    expect(refusal({ ...BASE, costOfEquity: 0.03 })).toEqual({
      code: 'COST_OF_EQUITY_NOT_ABOVE_GROWTH',
      field: 'cost_of_equity',
    });
    expect(refusal({ ...BASE, normalisedRoe: Number.NaN })).toEqual({ code: 'INVALID_NUMBER', field: 'normalisedRoe' });
    expect(refusal({ ...BASE, years: 2.5 })).toEqual({ code: 'INVALID_NUMBER', field: 'years' });
  });
});
