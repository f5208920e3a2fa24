/**
 * The Grid sheet of the spreadsheet reference: the WACC × g grid of value per share as the engine computes
 * it (valuation/whole-model-grid.ts): at each g the forecast is made again (every revenue growth a person
 * did not set fades to that g, the auto capex follows it), then discounted at each WACC with that g's terminal value.
 */
import { DEFAULT_SENSITIVITY } from '@fcf/engine';
import { linkedCapexFormula } from './spreadsheet-drivers.ts';
import { ebitFormula } from './spreadsheet-history.ts';
import { SheetBuilder } from './spreadsheet-sheet.ts';

/** A grid cell's place, [wacc][g] as the engine's SensitivityGrid.values. */
export interface GridCell {
  readonly sheet: string;
  readonly row: number;
  readonly col: number;
}

/**
 * The terminal value at the end of the forecast (dcf.ts's terminalValueAt): Gordon FCF₅ × (1 + g) / (WACC − g),
 * or the value driver NOPAT₅ × (1 + g) × (1 − g / RONIC) / (WACC − g), as the method cell says.
 */
export function terminalValueFormula(
  method: string,
  fcf: string,
  nopat: string,
  wacc: string,
  g: string,
  ronic: string,
): string {
  return `IF(${method}="value_driver",${nopat}*(1+${g})*(1-${g}/${ronic}),${fcf}*(1+${g}))/(${wacc}-${g})`;
}

/** NOPAT = EBIT − tax rate × the profit left after the losses carried (a loss pays no tax). */
export function nopatFormula(ebit: string, taxRate: string, lossBefore: string): string {
  return `${ebit}-IF(${ebit}>0,MAX(0,${ebit}-${lossBefore}),0)*${taxRate}`;
}

/** The losses carried after a year: a profit uses them up, a loss adds to them. */
export function lossAfterFormula(ebit: string, lossBefore: string): string {
  return `IF(${ebit}>0,MAX(0,${lossBefore}-${ebit}),${lossBefore}-${ebit})`;
}

/**
 * @param model the Model sheet, whose drivers, bridge and share count the grid reads.
 * @param fadedGrowth the auto revenue growth of forecast year i at a terminal growth (a formula).
 */
export function gridSheet(
  model: SheetBuilder,
  years: number,
  fadedGrowth: (g: string, i: number) => string,
): { sheet: SheetBuilder; cells: GridCell[][] } {
  const sheet = new SheetBuilder('Grid');
  const { radius, waccStep, growthStep } = DEFAULT_SENSITIVITY;
  const steps = Array.from({ length: 2 * radius + 1 }, (_, i) => i - radius);
  const each = (formula: (i: number) => string) => Array.from({ length: years }, (_, i) => formula(i));
  const at = (name: string, i: number) => sheet.at(name, i);
  const fromModel = (name: string, i = 0) => model.ref(name, i);
  const last = years - 1;

  // One forecast per g: the revenue growth, revenue, NOPAT, OWC and FCF of each forecast year.
  for (const [j, step] of steps.entries()) {
    const g = `g_${j}`;
    sheet.add(g, [`=${fromModel('g')}+${step * growthStep}`]);
    sheet.add(
      `growth_${j}`,
      each((i) => {
        const carried = fromModel('operating_revenue_yoy_carried', i);
        return `=IF(ISNUMBER(${carried}),${carried},${fadedGrowth(at(g, 0), i)})`;
      }),
    );
    sheet.add(`revenue_${j}`, () =>
      each((i) => `=${i === 0 ? fromModel('latest_revenue') : at(`revenue_${j}`, i - 1)}*(1+${at(`growth_${j}`, i)})`),
    );
    sheet.add(
      `ebit_${j}`,
      each((i) => {
        const revenue = at(`revenue_${j}`, i);
        return `=${ebitFormula(revenue, (_item, ratio) => `${revenue}*${fromModel(ratio, i)}`)}`;
      }),
    );
    const lossBefore = (i: number) => (i === 0 ? fromModel('opening_loss') : at(`loss_${j}`, i - 1));
    sheet.add(`loss_${j}`, () => each((i) => `=${lossAfterFormula(at(`ebit_${j}`, i), lossBefore(i))}`));
    sheet.add(
      `nopat_${j}`,
      each((i) => `=${nopatFormula(at(`ebit_${j}`, i), fromModel('income_tax_to_total_profit', i), lossBefore(i))}`),
    );
    // The auto capex follows this column's growth (capex = D&A + Δrevenue ÷ sales-to-capital); a set one holds.
    sheet.add(
      `capex_ratio_${j}`,
      each((i) => {
        const carried = fromModel('Capex_to_Revenue_Ratio_carried', i);
        const linked = linkedCapexFormula(
          fromModel('da_ratio', i),
          fromModel('sales_to_capital', i),
          at(`growth_${j}`, i),
        );
        return `=IF(ISNUMBER(${carried}),${carried},${linked})`;
      }),
    );
    sheet.add(
      `owc_${j}`,
      each((i) => `=${at(`revenue_${j}`, i)}*${fromModel('owc_ratio', i)}`),
    );
    sheet.add(
      `fcf_${j}`,
      each((i) => {
        const revenue = at(`revenue_${j}`, i);
        const previous = i === 0 ? fromModel('opening_owc') : at(`owc_${j}`, i - 1);
        return `=${at(`nopat_${j}`, i)}+${revenue}*${fromModel('da_ratio', i)}-(${at(`owc_${j}`, i)}-${previous})-${revenue}*${at(`capex_ratio_${j}`, i)}`;
      }),
    );
  }

  // The grid: WACCs down (column B), one value per g across (C..).
  const cells: GridCell[][] = [];
  for (const [r, step] of steps.entries()) {
    const name = `wacc_${r}`;
    const row = sheet.rows.length;
    const w = sheet.nextAt(0);
    const ronic = `IF(ISNUMBER(${fromModel('ronic_manual')}),${fromModel('ronic_manual')},${w})`;
    const shares = fromModel('total_shares');
    sheet.add(name, [
      `=${fromModel('wacc')}+${step * waccStep}`,
      ...steps.map((_, j) => {
        const g = at(`g_${j}`, 0);
        const pvSum = each((i) => `${at(`fcf_${j}`, i)}*(1+${w})^-${i + 1}`).join('+');
        const terminal = terminalValueFormula(
          fromModel('terminal_value_method'),
          at(`fcf_${j}`, last),
          at(`nopat_${j}`, last),
          w,
          g,
          ronic,
        );
        const ev = `${pvSum}+${terminal}*(1+${w})^-${years}`;
        return `=IF(AND(${w}>${g},${w}>-1),IF(${shares}>0,(${ev}+${fromModel('bridge')})/${shares},0),"")`;
      }),
    ]);
    cells.push(steps.map((_, j) => ({ sheet: sheet.name, row, col: j + 2 })));
  }
  return { sheet, cells };
}
