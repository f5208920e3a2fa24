import type { ReportType, StatementYear } from '@fcf/engine';
import { resolveCompany } from './company.ts';
import {
  INGEST_ERRORS,
  IngestError,
  malformedValuesMessage,
  type OutOfRangeCell,
  outOfRangeMessage,
} from './errors.ts';
import { locateTable } from './layout.ts';
import { INGEST_LIMITS } from './limits.ts';
import type { CompanyDirectory, CompanyRef } from './market-lists.ts';
import { reportTypeFromFilename, resolveReportType } from './report-type.ts';
import { readSheetReport, type SheetReport } from './sheet-report.ts';
import { fileKind, readSheets } from './table.ts';

/** Sheets without a table may still be a cover page naming the company in its first rows. */
const COVER_ROWS = 10;

/** Values in 亿元, except per-share items (元) and weighted_roe_percent (%). */
interface ParsedReport {
  reportType: ReportType;
  years: Record<number, StatementYear>;
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
}

export type IngestOutcome = { ok: true; file: ParsedStatementFile } | { ok: false; filename: string; error: string };

/**
 * Parses one uploaded statement file, all or nothing: either every sheet with recognised items is read
 * in full, or the file is refused with a Chinese message that tells the uploader what to fix.
 */
export function parseStatementFile(filename: string, bytes: Uint8Array, directory: CompanyDirectory): IngestOutcome {
  try {
    return { ok: true, file: parseOrRefuse(filename, bytes, directory) };
  } catch (error) {
    if (error instanceof IngestError) return { ok: false, filename, error: error.message };
    // A defect must not turn one bad upload into a failed batch; the detail helps whoever reports it.
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, filename, error: `无法解析文件，请检查文件内容后重试（${detail}）` };
  }
}

function parseOrRefuse(filename: string, bytes: Uint8Array, directory: CompanyDirectory): ParsedStatementFile {
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
  let foundAnnualPeriods = false;
  for (const sheet of sheets) {
    const table = locateTable(sheet.rows);
    if (!table) {
      titleRows.push(...sheet.rows.slice(0, COVER_ROWS));
      continue;
    }
    foundAnnualPeriods = true;
    titleRows.push(...table.titleRows);
    const labels = table.series.map(({ label }) => label);
    const reportType = resolveReportType({
      sheetName: sheet.name,
      titleCells: table.titleRows.flat(),
      filenameType,
      labels,
    });
    if (!reportType) continue;
    const report = readSheetReport(table, reportType);
    outOfRange.push(...report.outOfRange.map((figure) => ({ ...figure, sheet: sheet.name })));
    if (report.recognised.length > 0) sheetReports.push(report);
  }
  if (!foundAnnualPeriods) throw new IngestError(INGEST_ERRORS.noAnnualPeriods);
  if (sheetReports.length === 0) throw new IngestError(INGEST_ERRORS.nothingRecognised);

  const company = resolveCompany(filename, titleRows, directory);
  if (!company) throw new IngestError(INGEST_ERRORS.unknownCompany);

  refuseMostlyMalformed(sheetReports);
  // One impossible figure means a wrong unit or a damaged export: importing the rest would be half a file.
  if (outOfRange.length > 0) throw new IngestError(outOfRangeMessage(outOfRange));
  const reports = mergeByReportType(sheetReports).filter((report) => Object.keys(report.years).length > 0);
  if (reports.length === 0) throw new IngestError(INGEST_ERRORS.noValues);

  return {
    filename,
    company,
    reports,
    recognised: unique(sheetReports.flatMap((report) => report.recognised)),
    unrecognised: unique(sheetReports.flatMap((report) => report.unrecognised)),
  };
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
  const merged = new Map<ReportType, Record<number, StatementYear>>();
  for (const report of reports) {
    const years = merged.get(report.reportType) ?? {};
    for (const [year, figures] of Object.entries(report.years)) {
      years[Number(year)] = { ...figures, ...years[Number(year)] };
    }
    merged.set(report.reportType, years);
  }
  return [...merged].map(([reportType, years]) => ({ reportType, years }));
}

function unique(labels: readonly string[]): string[] {
  return [...new Set(labels)];
}
