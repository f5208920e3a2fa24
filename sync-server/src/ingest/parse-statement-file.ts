import type { ReportPeriod, ReportType, StatementYear } from '@fcf/engine';
import { resolveCompany } from './company.ts';
import {
  INGEST_ERRORS,
  IngestError,
  malformedValuesMessage,
  mixedUnitsMessage,
  type OutOfRangeCell,
  outOfRangeMessage,
  unitConflictMessage,
} from './errors.ts';
import { locateTable } from './layout.ts';
import { INGEST_LIMITS } from './limits.ts';
import type { CompanyDirectory, CompanyRef } from './market-lists.ts';
import { yearToDateContradictions } from './period-checks.ts';
import { reportTypeFromFilename, resolveReportType } from './report-type.ts';
import { type ReportFigures, readSheetReport, type SheetReport } from './sheet-report.ts';
import { fileKind, readSheets } from './table.ts';
import type { AmountUnit } from './units.ts';

/** Sheets without a table may still be a cover page naming the company in its first rows. */
const COVER_ROWS = 10;

/**
 * Values in 亿元, except per-share items (元) and weighted_roe_percent (%). Annual reports by fiscal year;
 * interim reports (year-to-date flows, period-end balances) by their end date, present only when there are.
 */
export interface ParsedReport {
  reportType: ReportType;
  years: Record<number, StatementYear>;
  interims?: Record<string, StatementYear>;
}

export interface ParsedStatementFile {
  filename: string;
  company: CompanyRef;
  /** One per report type found; a workbook may hold several, one per sheet. */
  reports: ParsedReport[];
  /** Source labels that mapped to a canonical item. */
  recognised: string[];
  /** Source labels not mapped: informational, not an error. */
  unrecognised: string[];
  /** What the uploader should check, imported all the same (a year-to-date figure that falls). */
  warnings: string[];
}

/** A figure of a file whose unit is not stated, as written: what a proposed unit is inferred from. */
export interface UnitSample {
  readonly item: 'operating_revenue' | 'total_assets' | 'operating_cash_flow';
  readonly year: number;
  readonly period: ReportPeriod;
  readonly raw: number;
}

/** Why a file was not read although it may be sound: its amounts state no unit and none was chosen. */
export interface UnitNeeded {
  readonly company: CompanyRef | undefined;
  readonly samples: readonly UnitSample[];
}

export type IngestOutcome =
  | { ok: true; file: ParsedStatementFile }
  | { ok: false; filename: string; error: string; unitNeeded?: UnitNeeded };

/** The amount unit the uploader chose for a file, for amounts the file itself does not state a unit for. */
export interface UnitChoice {
  readonly unit: AmountUnit;
  /** Chosen for this file by name: then a file stating another unit is refused rather than read by its own. */
  readonly forThisFile: boolean;
}

/** Thrown inside the parse to answer UnitNeeded. */
class UnitNeededSignal extends Error {
  constructor(readonly needed: UnitNeeded) {
    super(INGEST_ERRORS.unknownUnit);
  }
}

/**
 * Parses one uploaded statement file, all or nothing: either every sheet with recognised items is read
 * in full, or the file is refused with a Chinese message that tells the uploader what to fix.
 */
export function parseStatementFile(
  filename: string,
  bytes: Uint8Array,
  directory: CompanyDirectory,
  unit?: UnitChoice,
): IngestOutcome {
  try {
    return { ok: true, file: parseOrRefuse(filename, bytes, directory, unit) };
  } catch (error) {
    if (error instanceof UnitNeededSignal) {
      return { ok: false, filename, error: error.message, unitNeeded: error.needed };
    }
    if (error instanceof IngestError) return { ok: false, filename, error: error.message };
    // A defect must not turn one bad upload into a failed batch; the detail helps whoever reports it.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, filename, error: `无法解析文件，请检查文件内容后重试（${detail}）` };
  }
}

function parseOrRefuse(
  filename: string,
  bytes: Uint8Array,
  directory: CompanyDirectory,
  choice: UnitChoice | undefined,
): ParsedStatementFile {
  const kind = fileKind(filename);
  if (!kind) throw new IngestError(INGEST_ERRORS.unsupportedType);
  if (bytes.length === 0) throw new IngestError(INGEST_ERRORS.empty);
  if (bytes.length > INGEST_LIMITS.fileBytes) throw new IngestError(INGEST_ERRORS.tooLarge);

  const sheets = readSheets(kind, bytes);
  if (sheets.every(({ rows }) => rows.every((row) => row.every((cell) => cell === '')))) {
    throw new IngestError(INGEST_ERRORS.empty);
  }

  const filenameType = reportTypeFromFilename(filename);
  const titleRows: string[][] = [];
  const sheetReports: SheetReport[] = [];
  const outOfRange: OutOfRangeCell[] = [];
  let foundPeriods = false;
  for (const sheet of sheets) {
    const table = locateTable(sheet.rows);
    if (!table) {
      titleRows.push(...sheet.rows.slice(0, COVER_ROWS));
      continue;
    }
    foundPeriods = true;
    titleRows.push(...table.titleRows);
    const labels = table.series.map(({ label }) => label);
    const reportType = resolveReportType({
      sheetName: sheet.name,
      titleCells: table.titleRows.flat(),
      filenameType,
      labels,
    });
    if (!reportType) continue;
    const report = readSheetReport(table, reportType, choice?.unit);
    outOfRange.push(...report.outOfRange.map((figure) => ({ ...figure, sheet: sheet.name })));
    if (report.recognised.length > 0) sheetReports.push(report);
  }
  if (!foundPeriods) throw new IngestError(INGEST_ERRORS.noAnnualPeriods);
  if (sheetReports.length === 0) throw new IngestError(INGEST_ERRORS.nothingRecognised);

  const company = resolveCompany(filename, titleRows, directory);
  if (!company) throw new IngestError(INGEST_ERRORS.unknownCompany);

  refuseMixedUnits(sheetReports, choice);
  refuseMostlyMalformed(sheetReports);
  if (sheetReports.some((report) => report.needsUnit || report.shareUnitUnknown)) {
    throw new UnitNeededSignal({ company, samples: unitSamples(mergeByReportType(sheetReports)) });
  }
  // One impossible figure means a wrong unit or a damaged export: importing the rest would be half a file.
  if (outOfRange.length > 0) throw new IngestError(outOfRangeMessage(outOfRange));
  const reports = mergeByReportType(sheetReports).filter(hasFigures).map(withoutEmptyInterims);
  if (reports.length === 0) throw new IngestError(INGEST_ERRORS.noValues);

  return {
    filename,
    company,
    reports,
    recognised: unique(sheetReports.flatMap((report) => report.recognised)),
    unrecognised: unique(sheetReports.flatMap((report) => report.unrecognised)),
    warnings: reports.flatMap((report) =>
      yearToDateContradictions(report.reportType, { years: report.years, interims: report.interims ?? {} }),
    ),
  };
}

/**
 * One file states one unit: two (a sheet in 万元 beside one in 元, or labels that differ) are refused, as is
 * a unit chosen for this very file that is not the one it states.
 */
function refuseMixedUnits(reports: readonly SheetReport[], choice: UnitChoice | undefined): void {
  const stated = unique(reports.flatMap((report) => report.statedUnits));
  const partly = reports.some((report) => report.partlyStated);
  // A count in a file that states its amounts' units one by one follows none of them.
  if (stated.length > 0 && reports.some((report) => report.shareUnitUnknown)) {
    throw new IngestError(INGEST_ERRORS.unknownShareUnit);
  }
  const unstated = reports.some((report) => report.needsUnit || report.partlyStated);
  // Lines that state their units may differ (each converts exactly); lines that state none beside them
  // would take a unit by guess.
  if (partly || (unstated && stated.length > 0)) throw new IngestError(mixedUnitsMessage(stated));
  const [unit] = stated;
  if (unit && choice?.forThisFile && !stated.includes(choice.unit)) {
    throw new IngestError(unitConflictMessage(unit, choice.unit));
  }
}

function hasFigures(report: ParsedReport): boolean {
  return (
    Object.values(report.years).some((figures) => Object.keys(figures).length > 0) ||
    Object.values(report.interims ?? {}).some((figures) => Object.keys(figures).length > 0)
  );
}

/** Reports without a figure are left out; `interims` only when the file has interim figures. */
function withoutEmptyInterims(report: ParsedReport): ParsedReport {
  const years = Object.fromEntries(
    Object.entries(report.years).filter(([, figures]) => Object.keys(figures).length > 0),
  );
  const interims = Object.fromEntries(
    Object.entries(report.interims ?? {}).filter(([, figures]) => Object.keys(figures).length > 0),
  );
  return {
    reportType: report.reportType,
    years,
    ...(Object.keys(interims).length > 0 ? { interims } : {}),
  };
}

/**
 * The latest annual (else interim) revenue and total assets of a file (its operating cash flow when it has
 * neither), as written, for a unit proposal.
 */
function unitSamples(reports: readonly ParsedReport[]): UnitSample[] {
  const samples: UnitSample[] = [];
  const latest = (pick: (figures: StatementYear) => number | undefined, item: UnitSample['item']) => {
    for (const report of reports) {
      const annual = Object.entries(report.years)
        .filter(([, figures]) => pick(figures) !== undefined)
        .sort(([a], [b]) => Number(b) - Number(a))[0];
      if (annual) return samples.push({ item, year: Number(annual[0]), period: 'FY', raw: pick(annual[1]) as number });
      const interim = Object.entries(report.interims ?? {})
        .filter(([, figures]) => pick(figures) !== undefined)
        .sort(([a], [b]) => b.localeCompare(a))[0];
      if (interim) {
        const period = interimPeriodOf(interim[0]);
        return samples.push({ item, year: Number(interim[0].slice(0, 4)), period, raw: pick(interim[1]) as number });
      }
    }
    return 0;
  };
  latest((figures) => figures.operating_revenue ?? figures.total_operating_revenue, 'operating_revenue');
  latest((figures) => figures.total_assets, 'total_assets');
  // A cash-flow statement has neither: its operating cash flow is the figure to go by.
  if (samples.length === 0) latest((figures) => figures.operating_cash_flow, 'operating_cash_flow');
  return samples;
}

function interimPeriodOf(date: string): ReportPeriod {
  const month = date.slice(5, 7);
  return month === '03' ? 'Q1' : month === '06' ? 'H1' : month === '09' ? 'Q3' : 'FY';
}

/**
 * A few stray notes in number cells are tolerated (read as missing); when most filled cells are not
 * numbers, the columns are not what the layout detection took them for, and importing would store noise.
 */
function refuseMostlyMalformed(reports: readonly SheetReport[]): void {
  const filled = reports.reduce((sum, report) => sum + report.filledCells, 0);
  const malformed = reports.flatMap((report) => report.malformedCells);
  const example = malformed[0];
  if (example && malformed.length * 2 > filled) throw new IngestError(malformedValuesMessage(example));
}

/** Two sheets of one statement (say one per period range) make one report; the first figure wins. */
function mergeByReportType(reports: readonly SheetReport[]): ParsedReport[] {
  const merged = new Map<ReportType, ReportFigures>();
  for (const report of reports) {
    const figures = merged.get(report.reportType) ?? { years: {}, interims: {} };
    for (const [year, values] of Object.entries(report.years)) {
      figures.years[Number(year)] = { ...values, ...figures.years[Number(year)] };
    }
    for (const [date, values] of Object.entries(report.interims)) {
      figures.interims[date] = { ...values, ...figures.interims[date] };
    }
    merged.set(report.reportType, figures);
  }
  return [...merged].map(([reportType, { years, interims }]) => ({ reportType, years, interims }));
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
