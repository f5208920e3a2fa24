import { type DriverBase, fadedGrowth } from '../forecast/auto-drivers.ts';
import type { YearDrivers } from '../forecast/drivers.ts';
import { emptyProjectedYear, projectYear } from '../forecast/projection.ts';
import { type BridgeLine, equityFromLines } from './bridge.ts';
import { discountFactors, discountStream, perShare, type TerminalValueMethod } from './dcf.ts';

/** Everything a cell of the sensitivity grid needs to re-value the whole model at its WACC and g. */
export interface GridModel {
  readonly base: DriverBase;
  /** Revenue of the latest historical year and the OWC the first forecast ΔOWC starts from. */
  readonly lastRevenue: number;
  readonly openingWorkingCapital: number;
  /** The forecast years' drivers at the centre (overrides applied), with their sources. */
  readonly resolved: readonly YearDrivers[];
  /** The centre's terminal growth and its forecast FCF and last-year NOPAT. */
  readonly centre: { readonly g: number; readonly fcf: readonly number[]; readonly nopat: number };
  readonly lines: readonly BridgeLine[];
  readonly totalShares: number;
  readonly method: TerminalValueMethod;
  /** The manual RONIC; null = each cell's WACC, as a fresh valuation at that WACC would take. */
  readonly ronic: number | null;
}

/**
 * Value per share at (WACC, g) by the whole model: the forecast at g (every revenue growth a person did not
 * set fades to g, the other drivers do not depend on g), discounted at WACC with the same arithmetic as
 * discountCashFlows, so a cell equals a fresh valuation at those inputs. One column's forecast is kept
 * while its cells are valued, and each row's discount factors for all its cells.
 */
export function wholeModelValueAt(model: GridModel): (wacc: number, g: number) => number {
  const years = model.resolved.length;
  const projected = emptyProjectedYear();
  let column = { g: model.centre.g, fcf: model.centre.fcf as number[], nopat: model.centre.nopat };
  const streamAt = (g: number) => {
    if (g === column.g) return column;
    const fcf: number[] = [];
    let revenue = model.lastRevenue;
    let workingCapital = model.openingWorkingCapital;
    for (const [index, { values, sources }] of model.resolved.entries()) {
      const growth =
        sources.operating_revenue_yoy === 'system_default'
          ? fadedGrowth(model.base, g, index, years)
          : values.operating_revenue_yoy;
      projectYear(revenue, workingCapital, values, projected, growth);
      revenue = projected.revenue;
      workingCapital = projected.workingCapital;
      fcf.push(projected.fcf);
    }
    column = { g, fcf, nopat: projected.nopat };
    return column;
  };
  const factorsByWacc = new Map<number, number[]>();
  const factorsAt = (wacc: number) => {
    let factors = factorsByWacc.get(wacc);
    if (!factors) {
      factors = discountFactors(wacc, years);
      factorsByWacc.set(wacc, factors);
    }
    return factors;
  };
  return (wacc, g) => {
    const { fcf, nopat } = streamAt(g);
    const terminal = { method: model.method, nopat, ronic: model.ronic };
    const stream = discountStream(fcf, wacc, g, terminal, undefined, factorsAt(wacc));
    return perShare(equityFromLines(stream.enterpriseValue, model.lines), model.totalShares);
  };
}
