import { type ExcessReturnInputs, fadedRoe } from '../valuation/models/excess-return.ts';

/**
 * The excess-return equity value without its year table (docs/model.md, uncertainty): the same arithmetic
 * as `excessReturnValuation` (docs/model.md 15.2) in the same order, but no year objects and no input
 * check, so a Monte Carlo draw costs a fraction of a full valuation. Callers refuse Ke ≤ g first; the
 * test checks it equals the full model on the same inputs.
 */
export function leanExcessReturnEquity(inputs: ExcessReturnInputs): number {
  const { bookEquity, costOfEquity: ke, growth: g, years: n } = inputs;
  let book = bookEquity;
  let factor = 1;
  let presentValues = 0;
  for (let t = 1; t <= n; t++) {
    factor = (1 + ke) ** -t;
    presentValues += (fadedRoe(inputs, t) * book - ke * book) * factor;
    book *= 1 + g;
  }
  const terminal = ((inputs.sustainableRoe - ke) * book) / (ke - g);
  return bookEquity + presentValues + terminal * factor;
}
