import { type ExcessReturnInputs, fadedRoe } from '../valuation/models/excess-return.ts';
import type { ErrorBound } from './range-model.ts';

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

/**
 * How far the quick value may be from the lean one, relative to the sum of the magnitudes it adds up. The
 * two differ only in each year's discount factor: (1 + Ke)^−t, rounded once (pow), against the previous
 * year's factor times 1 / (1 + Ke), which gathers one rounding a year — a few units in the last place (about
 * 1e-16) per year, so some 1e-14 of that sum over ten years. The bound is wider by far: its width only
 * decides how many draws the percentiles value again exactly.
 */
export const QUICK_TOLERANCE = 1e-9;

/**
 * `leanExcessReturnEquity` in the same order, but each year's discount factor the previous one's times
 * 1 / (1 + Ke) instead of a power (a power is most of a draw's cost): the same value within `bound.error`,
 * which it sets (docs/model.md 16, the stored verdict). Callers refuse Ke ≤ g first.
 */
export function quickExcessReturnEquity(inputs: ExcessReturnInputs, bound: ErrorBound): number {
  const { bookEquity, costOfEquity: ke, growth: g, years: n } = inputs;
  const discount = 1 / (1 + ke);
  let book = bookEquity;
  let factor = 1;
  let presentValues = 0;
  let magnitude = Math.abs(bookEquity);
  for (let t = 1; t <= n; t++) {
    factor *= discount;
    const presentValue = (fadedRoe(inputs, t) * book - ke * book) * factor;
    presentValues += presentValue;
    magnitude += Math.abs(presentValue);
    book *= 1 + g;
  }
  const terminal = (((inputs.sustainableRoe - ke) * book) / (ke - g)) * factor;
  bound.error = QUICK_TOLERANCE * (magnitude + Math.abs(terminal));
  return bookEquity + presentValues + terminal;
}
