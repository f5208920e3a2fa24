import { type DriverBase, fadedGrowth } from '../forecast/auto-drivers.ts';
import type { YearDrivers } from '../forecast/drivers.ts';
import { emptyProjectedYear, type ProjectedYear, projectYear } from '../forecast/projection.ts';
import { linkedCapexRatio } from '../forecast/reinvestment.ts';
import { type BridgeLine, equityFromLines } from './bridge.ts';
import { type DiscountTiming, discountStream, keptDiscountFactors, perShare, type TerminalValueMethod } from './dcf.ts';

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
  /** A valuation date inside a fiscal year (its partial first period does not depend on WACC or g). */
  readonly timing?: DiscountTiming;
}

/** One column of the grid: the forecast's FCF and last-year NOPAT at a terminal growth. */
interface GridColumn {
  readonly g: number;
  readonly fcf: readonly number[];
  readonly nopat: number;
}

/**
 * Value per share at (WACC, g) by the whole model: the forecast at g (every revenue growth a person did not
 * set fades to g, the other drivers do not depend on g), discounted at WACC with the same arithmetic as
 * discountCashFlows, so a cell equals a fresh valuation at those inputs. One column's forecast is kept
 * while its cells are valued (the centre's is the valuation's own), and each WACC's discount factors.
 */
export function wholeModelValueAt(model: GridModel): (wacc: number, g: number) => number {
  const years = model.resolved.length;
  const projected = emptyProjectedYear();
  let column: GridColumn = model.centre;
  return (wacc, g) => {
    if (g !== column.g) column = projectColumn(model, g, projected);
    const terminal = { method: model.method, nopat: column.nopat, ronic: model.ronic };
    const offset = model.timing?.offset ?? 0;
    const factors = keptDiscountFactors(wacc, years, offset);
    const stream = discountStream(column.fcf, wacc, g, terminal, undefined, model.timing, factors);
    return perShare(equityFromLines(stream.enterpriseValue, model.lines), model.totalShares);
  };
}

/** The forecast's FCF at terminal growth g: the centre's drivers, the growths nobody set faded to g. */
function projectColumn(model: GridModel, g: number, projected: ProjectedYear): GridColumn {
  const years = model.resolved.length;
  const fcf: number[] = [];
  let revenue = model.lastRevenue;
  let workingCapital = model.openingWorkingCapital;
  let lossCarried = model.base.openingLoss;
  for (let index = 0; index < years; index++) {
    const { values, sources } = model.resolved[index] as YearDrivers;
    const growth =
      sources.operating_revenue_yoy === 'system_default'
        ? fadedGrowth(model.base, g, index, years)
        : values.operating_revenue_yoy;
    // The auto capex follows the column's growth (reinvestment.ts), as a fresh valuation's would.
    const relink = sources.Capex_to_Revenue_Ratio === 'system_default' && growth !== values.operating_revenue_yoy;
    const yearValues = relink ? { ...values, Capex_to_Revenue_Ratio: linkedCapexRatio(values, growth) } : values;
    projectYear(revenue, workingCapital, yearValues, projected, growth, lossCarried);
    lossCarried = projected.lossCarried;
    revenue = projected.revenue;
    workingCapital = projected.workingCapital;
    fcf.push(projected.fcf);
  }
  return { g, fcf, nopat: projected.nopat };
}
