export interface SensitivityGrid {
  /** Row headers: WACC values, ascending. */
  readonly waccs: readonly number[];
  /** Column headers: terminal growth values, ascending. */
  readonly growths: readonly number[];
  /** values[i][j]: value per share (元) at waccs[i], growths[j]; null where WACC ≤ g (no valid value). */
  readonly values: readonly (readonly (number | null)[])[];
}

export interface SensitivityOptions {
  /** Cells each side of the base: 2 gives the default 5 × 5 grid. */
  readonly radius?: number;
  readonly waccStep?: number;
  readonly growthStep?: number;
}

/** The default grid: 2 cells each side of the base (5 × 5), WACC in steps of 1 pt, g of 0.5 pt. */
export const DEFAULT_SENSITIVITY = { radius: 2, waccStep: 0.01, growthStep: 0.005 } as const;

/**
 * WACC × g grid of value per share around the base case (WACC ±1 pt, g ±0.5 pt steps by default).
 * `valueAt` re-values the whole model at a cell's rates (the forecast's revenue growth fades to that g, so
 * the FCF moves with it); it is called once per cell with WACC > g, column by column (g outer), so a
 * caller can keep one column's forecast for its five cells.
 */
export function sensitivityGrid(
  valueAt: (wacc: number, g: number) => number,
  wacc: number,
  g: number,
  {
    radius = DEFAULT_SENSITIVITY.radius,
    waccStep = DEFAULT_SENSITIVITY.waccStep,
    growthStep = DEFAULT_SENSITIVITY.growthStep,
  }: SensitivityOptions = {},
): SensitivityGrid {
  const waccs: number[] = [];
  const growths: number[] = [];
  for (let step = -radius; step <= radius; step++) {
    waccs.push(wacc + step * waccStep);
    growths.push(g + step * growthStep);
  }
  const values: (number | null)[][] = [];
  for (let row = 0; row < waccs.length; row++) values.push([]);
  for (let column = 0; column < growths.length; column++) {
    const columnGrowth = growths[column] as number;
    for (let row = 0; row < waccs.length; row++) {
      const rowWacc = waccs[row] as number;
      (values[row] as (number | null)[])[column] =
        rowWacc > columnGrowth && rowWacc > -1 ? valueAt(rowWacc, columnGrowth) : null;
    }
  }
  return { waccs, growths, values };
}
