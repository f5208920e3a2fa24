import type { ReportType } from '@fcf/engine';
import { type Database, transaction } from '../db/database.ts';
import { type CompanyDirectory, type IngestOutcome, parseStatementFile, type UnitChoice } from '../ingest/index.ts';
import { sha256Hex } from '../pdf-library/pdf-files.ts';
import { CompanyNameError, findCompany, upsertCompany } from './companies.ts';
import { refreshPeerFigures } from './industry-statistics.ts';
import { interimProblem } from './interim-checks.ts';
import { markValuationsOwed } from './owed-valuations.ts';
import { type ChangedFigure, changedFiguresWarning, writeReport } from './statements.ts';
import { recordUploadedFile } from './uploaded-files.ts';

export interface ImportContext {
  readonly directory: CompanyDirectory;
  /** Industry by 6-digit code. */
  readonly industries: ReadonlyMap<string, string>;
  readonly uploadedBy: string | null;
  /**
   * The caller values the company after the import (an upload): the import marks it owed in its own
   * transaction, so a crash in between is repaired at the next start. The seeding values nothing.
   */
  readonly owesValuation?: boolean;
  /**
   * Reports the company already has are kept, and the file adds only the others (the sample data's newer
   * Sina exports beside the NetEase ones: docs/data.md). Uploads replace what a file carries again.
   */
  readonly keepStoredReports?: boolean;
}

/** What the file record keeps of the uploaded bytes (parsing may happen elsewhere, on a worker). */
export interface StatementFileSource {
  readonly filename: string;
  readonly size: number;
  readonly sha256: string;
}

export type ImportResult =
  | {
      readonly success: true;
      readonly filename: string;
      readonly fileId: number;
      readonly company: { code: string; name: string };
      readonly reportTypes: ReportType[];
      readonly years: number[];
      /** The interim reports it carried, by end date ('2022-09-30'). */
      readonly interimPeriods: string[];
      readonly recognised: number;
      readonly unrecognised: string[];
      /** What the uploader should check (a falling year-to-date figure, stored figures it changed). */
      readonly warnings: string[];
    }
  | { readonly success: false; readonly filename: string; readonly error: string };

/**
 * Parses one statement file here, on the calling thread, and stores it (see storeParsedStatementFile).
 * For trusted files (the fixtures, the market seed); uploads parse on the worker pool.
 */
export function importStatementFile(
  db: Database,
  filename: string,
  bytes: Uint8Array,
  context: ImportContext,
): ImportResult {
  return importStatementFiles(db, [{ filename, bytes }], context)[0] as ImportResult;
}

/** A trusted file to import, with the unit of its amounts when the file states none. */
export interface StatementFileInput {
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly unit?: UnitChoice;
}

/** Parses trusted files here and stores them as one batch (see storeParsedBatch). */
export function importStatementFiles(
  db: Database,
  files: readonly StatementFileInput[],
  context: ImportContext,
): ImportResult[] {
  return storeParsedBatch(
    db,
    files.map(({ filename, bytes, unit }) => ({
      source: { filename, size: bytes.byteLength, sha256: sha256Hex(bytes) },
      outcome: parseStatementFile(filename, bytes, context.directory, unit),
    })),
    context,
  );
}

/** One file of a batch as parsed, with what its record keeps. */
export interface ParsedSource {
  readonly source: StatementFileSource;
  readonly outcome: IngestOutcome;
}

/**
 * Stores the files of one upload, each whole or not at all, in order, after the checks that span them: a
 * file whose interim reports lack what they need (interim-checks.ts), counting what the other files of the
 * batch bring, is refused with the reason.
 */
export function storeParsedBatch(db: Database, files: readonly ParsedSource[], context: ImportContext): ImportResult[] {
  const read = files.flatMap(({ outcome }) => (outcome.ok ? [outcome.file] : []));
  return files.map(({ source, outcome }) => {
    if (outcome.ok) {
      const problem = interimProblem(
        db,
        outcome.file,
        read.filter((file) => file !== outcome.file),
      );
      if (problem) return { success: false, filename: source.filename, error: problem };
    }
    return storeParsedStatementFile(db, source, outcome, context);
  });
}

/**
 * Stores a parsed statement file whole or not at all: the company, the file record and every figure are
 * written in one transaction, so a refusal part-way (a company name another company holds) leaves the
 * database as it was.
 */
export function storeParsedStatementFile(
  db: Database,
  source: StatementFileSource,
  outcome: IngestOutcome,
  context: ImportContext,
): ImportResult {
  const { filename } = source;
  if (!outcome.ok) return { success: false, filename, error: outcome.error };
  const { file } = outcome;
  const interimPeriods = [...new Set(file.reports.flatMap((report) => Object.keys(report.interims ?? {})))].sort();
  const years = [
    ...new Set([
      ...file.reports.flatMap((report) => Object.keys(report.years).map(Number)),
      ...interimPeriods.map((date) => Number(date.slice(0, 4))),
    ]),
  ].sort((a, b) => a - b);
  const changed: ChangedFigure[] = [];
  const reportTypes = [...new Set(file.reports.map((report) => report.reportType))];
  let stored: { fileId: number; name: string };
  try {
    stored = transaction(db, () => {
      const name = upsertCompany(db, {
        code: file.company.code,
        name: file.company.name,
        ...(context.industries.has(file.company.code)
          ? { industry: context.industries.get(file.company.code) as string }
          : {}),
      });
      const id = recordUploadedFile(db, {
        companyCode: file.company.code,
        fileName: filename,
        reportTypes,
        firstYear: years[0] ?? null,
        lastYear: years[years.length - 1] ?? null,
        size: source.size,
        sha256: source.sha256,
        uploadedBy: context.uploadedBy,
      });
      for (const report of file.reports) {
        writeReport(db, file.company.code, report.reportType, report, id, {
          keepStored: context.keepStoredReports === true,
          changed,
        });
      }
      if (context.owesValuation) markValuationsOwed(db, [file.company.code]);
      const company = findCompany(db, file.company.code);
      if (company) refreshPeerFigures(db, company);
      return { fileId: id, name };
    });
  } catch (error) {
    if (error instanceof CompanyNameError) return { success: false, filename, error: error.message };
    throw error;
  }
  return {
    success: true,
    filename,
    fileId: stored.fileId,
    company: { code: file.company.code, name: stored.name },
    reportTypes,
    years,
    interimPeriods,
    recognised: file.recognised.length,
    unrecognised: file.unrecognised,
    warnings: [...file.warnings, ...changedFiguresWarning(changed)],
  };
}
