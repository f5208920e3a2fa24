import { type EquityBridge, enterpriseValue, equityFromEnterpriseValue, perShare } from './dcf.ts';

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

/** WACC × g grid of value per share around the base case (WACC ±1 pt, g ±0.5 pt steps by default). */
export function sensitivityGrid(
  fcf: readonly number[],
  wacc: number,
  g: number,
  bridge: EquityBridge,
  totalShares: number,
  { radius = 2, waccStep = 0.01, growthStep = 0.005 }: SensitivityOptions = {},
): SensitivityGrid {
  const waccs: number[] = [];
  const growths: number[] = [];
  for (let step = -radius; step <= radius; step++) {
    waccs.push(wacc + step * waccStep);
    growths.push(g + step * growthStep);
  }
  const values = waccs.map((rowWacc) =>
    growths.map((columnGrowth) =>
      rowWacc > columnGrowth && rowWacc > -1
        ? perShare(equityFromEnterpriseValue(enterpriseValue(fcf, rowWacc, columnGrowth), bridge), totalShares)
        : null,
    ),
  );
  return { waccs, growths, values };
}
