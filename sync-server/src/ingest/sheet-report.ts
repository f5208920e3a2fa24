import { periodEndDate, type ReportPeriod, type ReportType, type StatementItem, type StatementYear } from '@fcf/engine';
import { INGEST_ERRORS, IngestError, type OutOfRangeCell } from './errors.ts';
import type { SheetTable } from './layout.ts';
import { INGEST_LIMITS } from './limits.ts';
import { parseCellValue } from './numbers.ts';
import { parsePeriod } from './periods.ts';
import { type CombinedLine, itemMeasure, lookupCombinedLine, lookupItem, lossSign } from './synonyms.ts';
import {
  type AmountUnit,
  canonicalAmountUnit,
  findHeaderUnit,
  isAmountUnit,
  shareUnitFor,
  splitLabelUnit,
  toYi,
  toYiGu,
} from './units.ts';

interface MalformedCell {
  label: string;
  year: number;
  period: ReportPeriod;
  raw: string;
}

/** A sheet's figures by report: the annual reports by fiscal year, the interim ones by their end date. */
export interface ReportFigures {
  years: Record<number, StatementYear>;
  interims: Record<string, StatementYear>;
}

/** The canonical figures of one sheet, with what it takes to judge the file as a whole. */
export interface SheetReport extends ReportFigures {
  reportType: ReportType;
  recognised: string[];
  unrecognised: string[];
  /** Cells of recognised items that hold something other than a missing marker. */
  filledCells: number;
  malformedCells: MalformedCell[];
  /** Figures beyond any company's (after conversion to 亿元), with the sheet row they sit on. */
  outOfRange: Omit<OutOfRangeCell, 'sheet'>[];
  /** The amount units the sheet states (its header, its labels). */
  statedUnits: AmountUnit[];
  /**
   * Amounts whose unit neither the sheet nor the caller gives: then the figures are the cells as written
   * (not converted, not checked against the range), for the caller to propose a unit from.
   */
  needsUnit: boolean;
  /** Some amounts state a unit in their labels while others state none (and the sheet states none). */
  partlyStated: boolean;
  /** A share count states no unit, and neither the sheet nor the uploader gives one. */
  shareUnitUnknown: boolean;
}

/** A report's figures: an annual report's under its year, an interim report's under its end date. */
function figuresAt(figures: ReportFigures, year: number, period: ReportPeriod): StatementYear {
  if (period === 'FY') {
    figures.years[year] ??= {};
    return figures.years[year];
  }
  const date = periodEndDate(year, period);
  figures.interims[date] ??= {};
  return figures.interims[date];
}

/**
 * Reads a sheet's items into canonical figures. `unit` is the amount unit for labels that state none where
 * the sheet states none either (the uploader's choice); without it such a sheet `needsUnit`.
 */
export function readSheetReport(table: SheetTable, reportType: ReportType, unit?: AmountUnit): SheetReport {
  const headerUnit = tableUnit(table);
  const report: SheetReport = {
    reportType,
    years: {},
    interims: {},
    recognised: [],
    unrecognised: [],
    filledCells: 0,
    malformedCells: [],
    outOfRange: [],
    statedUnits: headerUnit ? [canonicalAmountUnit(headerUnit)] : [],
    needsUnit: false,
    partlyStated: false,
    shareUnitUnknown: false,
  };
  const combined = new Map<CombinedLine, ReportFigures>();
  let unstatedAmounts = false;
  for (const { label, cells } of table.series) {
    const line = lookupItem(reportType, label) ? undefined : lookupCombinedLine(reportType, label);
    const item = lookupItem(reportType, label) ?? line?.item;
    if (!item) {
      report.unrecognised.push(label);
      continue;
    }
    report.recognised.push(label);
    if (headerUnit === undefined && itemMeasure(item) === 'amount' && splitLabelUnit(label).unit === undefined) {
      unstatedAmounts = true;
    }
    const scale = scaleFor(item, label, headerUnit ?? unit, report);
    const unconverted = report.needsUnit && scale === RAW;
    const sign = lossSign(item, label);
    const target = line ? (combined.get(line) ?? { years: {}, interims: {} }) : report;
    if (line) combined.set(line, target);
    for (const { year, period, raw, line: row } of cells) {
      const cell = parseCellValue(raw);
      if (cell.kind === 'missing') continue;
      if (table.zeroIsMissing && cell.kind === 'number' && cell.value === 0) continue;
      report.filledCells++;
      if (cell.kind === 'invalid') {
        report.malformedCells.push({ label, year, period, raw });
        continue;
      }
      const value = sign * scale(cell.value);
      // Not Number.isFinite-and-compare: '1e400' reads as Infinity, which this refuses too.
      if (!unconverted && !(Math.abs(value) <= INGEST_LIMITS.absoluteValue)) {
        report.outOfRange.push({ label, year, period, raw, line: row });
        continue;
      }
      const figures = figuresAt(target, year, period);
      // An item listed twice (the cash-flow supplement repeats the operating total) keeps its first figure.
      figures[item] ??= value;
    }
  }
  for (const [line, figures] of combined) applyCombinedLine(report, line, figures);
  report.partlyStated = unstatedAmounts && report.statedUnits.length > 0;
  return report;
}

/** A combined line stands for its item in a report only where neither line it combines is reported. */
function applyCombinedLine(report: ReportFigures, line: CombinedLine, figures: ReportFigures): void {
  const apply = (target: StatementYear, source: StatementYear) => {
    const value = source[line.item];
    if (value !== undefined && line.unless.every((item) => target[item] === undefined)) target[line.item] = value;
  };
  for (const [year, source] of Object.entries(figures.years)) {
    report.years[Number(year)] ??= {};
    apply(report.years[Number(year)] as StatementYear, source);
  }
  for (const [date, source] of Object.entries(figures.interims)) {
    report.interims[date] ??= {};
    apply(report.interims[date] as StatementYear, source);
  }
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

/** The figures as written, for a sheet whose unit is still to be chosen. */
const RAW = (value: number) => value;

/**
 * Per-share figures stay in 元 and ratios in %; amounts go to 亿元 and share counts to 亿股 by the label's
 * unit, else the sheet's (or the uploader's); without either, the sheet needs a unit and reads RAW.
 */
function scaleFor(
  item: StatementItem,
  label: string,
  sheetUnit: AmountUnit | undefined,
  report: SheetReport,
): (value: number) => number {
  const measure = itemMeasure(item);
  const labelUnit = splitLabelUnit(label).unit;
  if (measure === 'shares') {
    const unit = shareUnitFor(labelUnit, sheetUnit);
    if (unit) return (value) => toYiGu(value, unit);
    if (labelUnit !== undefined) throw new IngestError(INGEST_ERRORS.unknownShareUnit);
    report.shareUnitUnknown = true;
    return RAW;
  }
  if (measure !== 'amount') return (value) => value;
  if (labelUnit !== undefined) {
    if (!isAmountUnit(labelUnit)) throw new IngestError(INGEST_ERRORS.unknownUnit);
    const stated = canonicalAmountUnit(labelUnit);
    if (!report.statedUnits.includes(stated)) report.statedUnits.push(stated);
    return (value) => toYi(value, labelUnit);
  }
  if (sheetUnit === undefined) {
    report.needsUnit = true;
    return RAW;
  }
  return (value) => toYi(value, sheetUnit);
}
