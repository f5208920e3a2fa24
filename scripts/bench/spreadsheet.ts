/**
 * The reference of section 1: the engine's model of one company built as spreadsheet formulas in
 * HyperFormula (what an analyst would otherwise use), written from docs/model.md: history rows, the
 * normalised auto drivers (spreadsheet-drivers.ts), a 5-year forecast with per-year overrides inherited by later years, the
 * DCF and the 5 × 5 WACC × g sensitivity grid. One input change (the 2026 revenue growth, as the engine's
 * "driver edit") is timed until the new value per share can be read.
 */
import type { CompanyStatements, CompanyValuation, YearOverrides } from '@fcf/engine';
import { HyperFormula } from 'hyperformula';
import {
  editedGrowth,
  perturbedCompany,
  SAMPLE_OVERRIDES,
  VALUATION_PARAMETERS,
  valuePerShare,
  valueWithOverrides,
} from './company.ts';
import { type CellAddress, type ModelSheets, modelSheets, type ReferenceParameters } from './spreadsheet-model.ts';
import { percentile, progress } from './stats.ts';

const WARMUP_EDITS = 30;
const MEASURED_EDITS = 300;
/** The spreadsheet and the engine must agree to this (relative), or section 1 compares different models. */
export const AGREEMENT = 1e-9;

export interface SpreadsheetFigures {
  /** Time of each measured edit (set the input, read the new value per share), µs. */
  readonly editMicros: readonly number[];
  readonly buildMillis: number;
  readonly cellCount: number;
  /** Largest relative difference between the spreadsheet's and the engine's value per share and grid. */
  readonly maxRelativeDifference: number;
  /** Formula cells HyperFormula reported changed by one edit. */
  readonly changedCells: number;
}

export interface Spreadsheet {
  readonly hf: HyperFormula;
  readonly sheets: ModelSheets;
  /** A cell's number; null for an empty or text cell (a grid cell with WACC ≤ g). */
  read(address: CellAddress): number | null;
}

export function buildSpreadsheet(
  statements: CompanyStatements,
  overrides: YearOverrides,
  parameters: ReferenceParameters,
): Spreadsheet {
  const sheets = modelSheets(statements, overrides, parameters);
  const hf = HyperFormula.buildFromSheets(Object.fromEntries(sheets.sheets.map((sheet) => [sheet.name, sheet.rows])), {
    licenseKey: 'gpl-v3',
  });
  const read = (address: CellAddress) => {
    const value = hf.getCellValue({
      sheet: hf.getSheetId(address.sheet) as number,
      row: address.row,
      col: address.col,
    });
    if (typeof value === 'number') return value;
    if (value === null || value === '') return null;
    throw new Error(`spreadsheet cell ${address.sheet}!R${address.row + 1}C${address.col + 1}: ${String(value)}`);
  };
  return { hf, sheets, read };
}

const relative = (sheet: number | null, engine: number | null) =>
  sheet === null || engine === null
    ? sheet === engine
      ? 0
      : Number.POSITIVE_INFINITY
    : Math.abs(sheet - engine) / Math.max(Math.abs(engine), Number.MIN_VALUE);

/** Largest relative difference between the spreadsheet and the engine's valuation: value per share and grid. */
export function disagreement(spreadsheet: Spreadsheet, valuation: CompanyValuation): number {
  let largest = relative(spreadsheet.read(spreadsheet.sheets.valuePerShare), valuePerShare(valuation));
  for (const [r, row] of spreadsheet.sheets.grid.entries()) {
    for (const [c, cell] of row.entries()) {
      largest = Math.max(largest, relative(spreadsheet.read(cell), valuation.sensitivity?.values[r]?.[c] ?? null));
    }
  }
  return largest;
}

export function measureSpreadsheet(): SpreadsheetFigures {
  progress('1. spreadsheet reference: building the model in HyperFormula');
  const company = perturbedCompany(1);
  const buildStart = performance.now();
  const spreadsheet = buildSpreadsheet(company, SAMPLE_OVERRIDES, VALUATION_PARAMETERS);
  const buildMillis = performance.now() - buildStart;
  const { hf, sheets } = spreadsheet;
  const input = { ...sheets.growthOverride, sheet: hf.getSheetId(sheets.growthOverride.sheet) as number };
  const read = () => {
    const value = spreadsheet.read(sheets.valuePerShare);
    if (value === null) throw new Error('spreadsheet value per share is empty');
    return value;
  };

  let maxRelativeDifference = 0;
  const compare = (overrides: YearOverrides) => {
    const difference = disagreement(spreadsheet, valueWithOverrides(company, overrides));
    maxRelativeDifference = Math.max(maxRelativeDifference, difference);
  };
  compare(SAMPLE_OVERRIDES);

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
    if (index % 50 === 0) compare({ 2026: { operating_revenue_yoy: growth } });
  }
  hf.destroy();
  if (maxRelativeDifference > AGREEMENT) {
    throw new Error(`the spreadsheet disagrees with the engine (relative ${maxRelativeDifference})`);
  }
  progress(`1. spreadsheet: p50 ${percentile(editMicros, 0.5).toFixed(0)} µs per edit`);
  return { editMicros, buildMillis, cellCount: sheets.cellCount, maxRelativeDifference, changedCells };
}
