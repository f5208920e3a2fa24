import type { ReportType } from '@fcf/engine';
import { type Database, transaction } from '../db/database.ts';
import { type CompanyDirectory, type IngestOutcome, parseStatementFile } from '../ingest/index.ts';
import { sha256Hex } from '../pdf-library/pdf-files.ts';
import { CompanyNameError, findCompany, upsertCompany } from './companies.ts';
import { refreshPeerFigures } from './industry-statistics.ts';
import { markValuationsOwed } from './owed-valuations.ts';
import { writeReport } from './statements.ts';
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
      readonly recognised: number;
      readonly unrecognised: string[];
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
  const outcome = parseStatementFile(filename, bytes, context.directory);
  return storeParsedStatementFile(db, { filename, size: bytes.byteLength, sha256: sha256Hex(bytes) }, outcome, context);
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
  const years = [...new Set(file.reports.flatMap((report) => Object.keys(report.years).map(Number)))].sort(
    (a, b) => a - b,
  );
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
      for (const report of file.reports) writeReport(db, file.company.code, report.reportType, report.years, id);
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
    recognised: file.recognised.length,
    unrecognised: file.unrecognised,
  };
}
