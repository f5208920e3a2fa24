/**
 * The reference of section 1: the engine's model of one company built as spreadsheet formulas in
 * HyperFormula (what an analyst would otherwise use): history ratios, auto drivers (3-year means, the
 * revenue growth fading to g), a 5-year forecast with per-year overrides inherited by later years, the
 * DCF and the 5 × 5 WACC × g sensitivity grid. One input change (the 2026 revenue growth, as the engine's
 * "driver edit") is timed until the new value per share can be read.
 */
import { HyperFormula } from 'hyperformula';
import { editedGrowth, perturbedCompany, SAMPLE_OVERRIDES, valuePerShare, valueWithOverrides } from './company.ts';
import { modelSheets } from './spreadsheet-model.ts';
import { percentile, progress } from './stats.ts';

const WARMUP_EDITS = 30;
const MEASURED_EDITS = 300;

export interface SpreadsheetFigures {
  /** Time of each measured edit (set the input, read the new value per share), µs. */
  readonly editMicros: readonly number[];
  readonly buildMillis: number;
  readonly cellCount: number;
  /** Largest relative difference between the spreadsheet's and the engine's value per share. */
  readonly maxRelativeDifference: number;
  /** Formula cells HyperFormula reported changed by one edit. */
  readonly changedCells: number;
}

export function measureSpreadsheet(): SpreadsheetFigures {
  progress('1. spreadsheet reference: building the model in HyperFormula');
  const company = perturbedCompany(1);
  const sheets = modelSheets(company);
  const buildStart = performance.now();
  const hf = HyperFormula.buildFromSheets(
    { [sheets.history.name]: sheets.history.rows, [sheets.model.name]: sheets.model.rows },
    { licenseKey: 'gpl-v3' },
  );
  const buildMillis = performance.now() - buildStart;
  const modelSheet = hf.getSheetId(sheets.model.name) as number;
  const input = { sheet: modelSheet, row: sheets.growthOverride.row, col: sheets.growthOverride.col };
  const output = { sheet: modelSheet, row: sheets.valuePerShare.row, col: sheets.valuePerShare.col };
  const read = () => {
    const value = hf.getCellValue(output);
    if (typeof value !== 'number') throw new Error(`spreadsheet value per share is not a number: ${String(value)}`);
    return value;
  };

  let maxRelativeDifference = 0;
  const compare = (growth: number) => {
    const engine = valuePerShare(valueWithOverrides(company, { 2026: { operating_revenue_yoy: growth } }));
    const spreadsheet = read();
    maxRelativeDifference = Math.max(maxRelativeDifference, Math.abs(spreadsheet - engine) / Math.abs(engine));
  };
  compare(SAMPLE_OVERRIDES[2026]?.operating_revenue_yoy ?? 0);

  progress('1. spreadsheet reference: recompute after one input change');
  const total = WARMUP_EDITS + MEASURED_EDITS;
  const editMicros: number[] = [];
  let changedCells = 0;
  for (let index = 0; index < total; index++) {
    const growth = editedGrowth(index, total);
    const start = performance.now();
    const changes = hf.setCellContents(input, growth);
    read();
    const elapsed = performance.now() - start;
    if (index >= WARMUP_EDITS) editMicros.push(elapsed * 1000);
    changedCells = changes.length;
    if (index % 50 === 0) compare(growth);
  }
  hf.destroy();
  if (maxRelativeDifference > 1e-9) {
    throw new Error(`the spreadsheet disagrees with the engine (relative ${maxRelativeDifference})`);
  }
  progress(`1. spreadsheet: p50 ${percentile(editMicros, 0.5).toFixed(0)} µs per edit`);
  return { editMicros, buildMillis, cellCount: sheets.cellCount, maxRelativeDifference, changedCells };
}
