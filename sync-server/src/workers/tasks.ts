/**
 * The tasks of the server's worker pool: the CPU-heavy work that must not hold the event loop (which
 * answers every other request meanwhile). Inputs and results are plain data; the database stays on the
 * main thread, which reads what a task needs and writes what it returns.
 */
import { readFile } from 'node:fs/promises';
import { buildReportPdf, REPORT_VERSION } from '@fcf/engine/pdf';
import type { CompanyReport } from '@fcf/engine/report';
import { jsPDF } from 'jspdf';
import {
  type CompanyDirectory,
  type IngestOutcome,
  loadCompanyDirectory,
  parseStatementFile,
  type UnitChoice,
} from '../ingest/index.ts';
import { parseQuoteFile, type QuoteFileOptions, type QuoteFileOutcome } from '../ingest/quotes/parse-quote-file.ts';
import { sha256Hex } from '../pdf-library/pdf-files.ts';

export interface StatementUpload {
  readonly filename: string;
  /** The file's bytes, handed over (transferred) by the caller. */
  readonly bytes: ArrayBuffer;
  /** fullStockList.csv: the company directory that names companies by code. */
  readonly directoryFile: string;
  /** The amount unit the uploader chose for a file that states none (ingest's UnitChoice). */
  readonly unit?: UnitChoice;
}

export interface ParsedUpload {
  readonly outcome: IngestOutcome;
  readonly sha256: string;
}

/** Loaded once per worker and file. */
const directories = new Map<string, Promise<CompanyDirectory>>();
const fonts = new Map<string, Promise<string>>();

function cachedLoad<Value>(cache: Map<string, Promise<Value>>, path: string, load: (bytes: Buffer) => Value) {
  let value = cache.get(path);
  if (!value) {
    value = readFile(path).then(load);
    // A file that is missing now may be in place for the next task.
    value.catch(() => cache.delete(path));
    cache.set(path, value);
  }
  return value;
}

const directoryOf = (upload: StatementUpload) => cachedLoad(directories, upload.directoryFile, loadCompanyDirectory);

/** Parses an uploaded statement file within the ingest limits (see ingest/limits.ts). */
export async function parseStatementUpload(upload: StatementUpload): Promise<ParsedUpload> {
  const bytes = new Uint8Array(upload.bytes);
  const directory = await directoryOf(upload);
  return { outcome: parseStatementFile(upload.filename, bytes, directory, upload.unit), sha256: sha256Hex(bytes) };
}
// The company directory is read once per worker, outside the parse's time limit (worker-protocol.ts).
parseStatementUpload.prepare = directoryOf;

export interface QuoteUpload extends QuoteFileOptions {
  readonly filename: string;
  /** The file's bytes, handed over (transferred) by the caller. */
  readonly bytes: ArrayBuffer;
}

/** Parses an uploaded quote file (CSV or workbook) within the ingest limits. */
export function parseQuoteUpload(upload: QuoteUpload): QuoteFileOutcome {
  return parseQuoteFile(upload.filename, new Uint8Array(upload.bytes), upload);
}

export interface ReportPdfRequest {
  readonly report: CompanyReport;
  /** The TrueType font with the Chinese glyphs (jspdf subsets it into the PDF). */
  readonly fontFile: string;
  readonly generatedAt: number;
}

/** The font could not be read: the PDF service is unavailable until it is in place. */
export interface FontUnavailable {
  readonly fontUnavailable: string;
}

const fontOf = (request: ReportPdfRequest) => cachedLoad(fonts, request.fontFile, (bytes) => bytes.toString('base64'));

/** The company's report as PDF bytes, drawn by the engine's layout with jspdf. */
export async function renderReportPdf(request: ReportPdfRequest): Promise<ArrayBuffer | FontUnavailable> {
  let fontBase64: string;
  try {
    fontBase64 = await fontOf(request);
  } catch (error) {
    return { fontUnavailable: error instanceof Error ? error.message : String(error) };
  }
  return buildReportPdf({ jsPDF, fontBase64 }, request.report, {
    generatedAt: new Date(request.generatedAt),
    version: REPORT_VERSION,
  });
}
// The font is read once per worker, outside the drawing's time limit; a missing font is the task's answer.
renderReportPdf.prepare = (request: ReportPdfRequest) => fontOf(request).catch(() => undefined);
