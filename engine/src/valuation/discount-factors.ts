/** The DCF's discount factors, and the few last WACCs' kept (docs/model.md, the DCF table). */

/**
 * The discount factors (1 + WACC)^−(n + offset), n = 1..years, offset the years from the valuation date to
 * the end of the fiscal year in progress (0 at a year end): computed once per WACC when a grid row reuses them.
 */
export function discountFactors(wacc: number, years: number, offset = 0): number[] {
  const factors: number[] = [];
  for (let n = 1; n <= years; n++) factors.push((1 + wacc) ** -(n + offset));
  return factors;
}

/**
 * How many WACCs' factors are kept: a valuation discounts at its WACC and the grid's four others, and the
 * next valuation of the page (or of the batch, at a manual or bounded WACC) mostly at the same ones.
 */
const KEPT_FACTOR_WACCS = 8;
const keptWaccs: number[] = [];
const keptOffsets: number[] = [];
const keptFactors: (readonly number[])[] = [];
let nextKeptSlot = 0;

/**
 * discountFactors, kept for the last few WACCs (the exponentiations were a tenth of a what-if recompute).
 * The same numbers as a fresh call, so sharing the arrays changes nothing; they are never written to. A
 * linear search: a Map keyed by a fractional number hashed it on every cell of the grid.
 */
export function keptDiscountFactors(wacc: number, years: number, offset = 0): readonly number[] {
  for (let slot = 0; slot < keptWaccs.length; slot++) {
    const factors = keptFactors[slot] as readonly number[];
    if (keptWaccs[slot] === wacc && keptOffsets[slot] === offset && factors.length === years) return factors;
  }
  const factors = discountFactors(wacc, years, offset);
  keptWaccs[nextKeptSlot] = wacc;
  keptOffsets[nextKeptSlot] = offset;
  keptFactors[nextKeptSlot] = factors;
  nextKeptSlot = (nextKeptSlot + 1) % KEPT_FACTOR_WACCS;
  return factors;
}
