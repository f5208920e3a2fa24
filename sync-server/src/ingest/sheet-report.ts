import type { ReportType, StatementItem, StatementYear } from '@fcf/engine';
import { INGEST_ERRORS, IngestError, type OutOfRangeCell } from './errors.ts';
import type { SheetTable } from './layout.ts';
import { INGEST_LIMITS } from './limits.ts';
import { parseCellValue } from './numbers.ts';
import { parsePeriod } from './periods.ts';
import { itemMeasure, lookupItem, lossSign } from './synonyms.ts';
import { type AmountUnit, findHeaderUnit, isAmountUnit, shareUnitFor, splitLabelUnit, toYi, toYiGu } from './units.ts';

interface MalformedCell {
  label: string;
  year: number;
  raw: string;
}

/** The canonical figures of one sheet, with what it takes to judge the file as a whole. */
export interface SheetReport {
  reportType: ReportType;
  years: Record<number, StatementYear>;
  recognised: string[];
  unrecognised: string[];
  /** Cells of recognised items that hold something other than a missing marker. */
  filledCells: number;
  malformedCells: MalformedCell[];
  /** Figures beyond any company's (after conversion to 亿元), with the sheet row they sit on. */
  outOfRange: Omit<OutOfRangeCell, 'sheet'>[];
}

export function readSheetReport(table: SheetTable, reportType: ReportType): SheetReport {
  const headerUnit = tableUnit(table);
  const report: SheetReport = {
    reportType,
    years: {},
    recognised: [],
    unrecognised: [],
    filledCells: 0,
    malformedCells: [],
    outOfRange: [],
  };
  for (const { label, cells } of table.series) {
    const item = lookupItem(reportType, label);
    if (!item) {
      report.unrecognised.push(label);
      continue;
    }
    report.recognised.push(label);
    const scale = scaleFor(item, label, headerUnit);
    const sign = lossSign(item, label);
    for (const { year, raw, line } of cells) {
      const cell = parseCellValue(raw);
      if (cell.kind === 'missing') continue;
      report.filledCells++;
      if (cell.kind === 'invalid') {
        report.malformedCells.push({ label, year, raw });
        continue;
      }
      const value = sign * scale(cell.value);
      // Not Number.isFinite-and-compare: '1e400' reads as Infinity, which this refuses too.
      if (!(Math.abs(value) <= INGEST_LIMITS.absoluteValue)) {
        report.outOfRange.push({ label, year, raw, line });
        continue;
      }
      const figures = report.years[year] ?? {};
      // An item listed twice (the cash-flow supplement repeats the operating total) keeps its first figure.
      figures[item] ??= value;
      report.years[year] = figures;
    }
  }
  return report;
}

/**
 * The unit for labels that state none: a '单位：万元' cell above or in the header, or, with items in
 * rows, a unit on the header of the label column ('项目(万元)'). Item labels in an items-in-columns
 * header state only their own unit.
 */
function tableUnit(table: SheetTable): AmountUnit | undefined {
  const declared = findHeaderUnit([...table.titleRows, table.headerRow]);
  if (declared || table.orientation === 'items-in-columns') return declared;
  return table.headerRow
    .filter((cell) => !parsePeriod(cell))
    .map((cell) => splitLabelUnit(cell).unit)
    .find(isAmountUnit);
}

/**
 * Per-share figures stay in 元 and ratios in %; amounts go to 亿元 and share counts to 亿股 by the label's
 * unit, else the sheet's.
 */
function scaleFor(item: StatementItem, label: string, headerUnit: AmountUnit | undefined): (value: number) => number {
  const measure = itemMeasure(item);
  if (measure === 'shares') {
    const unit = shareUnitFor(splitLabelUnit(label).unit, headerUnit);
    if (!unit) throw new IngestError(INGEST_ERRORS.unknownShareUnit);
    return (value) => toYiGu(value, unit);
  }
  if (measure !== 'amount') return (value) => value;
  const labelUnit = splitLabelUnit(label).unit;
  const unit = labelUnit === undefined ? headerUnit : labelUnit;
  if (!isAmountUnit(unit)) throw new IngestError(INGEST_ERRORS.unknownUnit);
  return (value) => toYi(value, unit);
}
