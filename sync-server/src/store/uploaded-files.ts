import type { ReportType } from '@fcf/engine';
import { withoutInvisibleCharacters } from '@fcf/engine/contract';
import type { Database } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';

/** Longest stored file name, in characters (most file systems allow 255). */
export const MAX_FILE_NAME_LENGTH = 255;
/** An extension longer than this is no extension worth keeping when a name is cut. */
const MAX_KEPT_EXTENSION = 16;

/** C0 and C1 controls (CR and LF among them), DEL, and the line and paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * The name an uploaded file is answered, logged and stored under, from the name the browser sent: without
 * control characters (a CR/LF would forge a line wherever it is printed) and invisible ones (a direction
 * override makes 'gnp.xlsx' read as something else), composed (NFC), trimmed, and at most 255 characters,
 * cut before the extension so the file keeps its type.
 *
 * @example
 * storedFileName('年报\r\n2024.xlsx');           // '年报2024.xlsx'
 * storedFileName(`${'长'.repeat(10_000)}.csv`); // 251 × '长' + '.csv'
 */
export function storedFileName(sent: string): string {
  const cleaned = withoutInvisibleCharacters(sent.replace(CONTROL_CHARACTERS, '')).normalize('NFC').trim();
  const characters = Array.from(cleaned);
  if (characters.length <= MAX_FILE_NAME_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= MAX_KEPT_EXTENSION ? cleaned.slice(dot) : '';
  const kept = MAX_FILE_NAME_LENGTH - Array.from(extension).length;
  return `${characters.slice(0, kept).join('').trimEnd()}${extension}`;
}

export interface UploadedFileInput {
  readonly companyCode: string;
  readonly fileName: string;
  readonly reportTypes: readonly ReportType[];
  readonly firstYear: number | null;
  readonly lastYear: number | null;
  readonly size: number;
  readonly sha256: string;
  readonly uploadedBy: string | null;
}

export function recordUploadedFile(db: Database, file: UploadedFileInput): number {
  return execute(
    db,
    `INSERT INTO uploaded_files (company_code, file_name, report_types, first_year, last_year, size, sha256,
       uploaded_by, upload_time) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    file.companyCode,
    storedFileName(file.fileName),
    file.reportTypes.join(','),
    file.firstYear,
    file.lastYear,
    file.size,
    file.sha256,
    file.uploadedBy,
    new Date().toISOString(),
  ).lastInsertRowid;
}

/** Every file on record (imported, not removed since) by name and content: `${file_name}|${sha256}`. */
export function uploadedFileKeys(db: Database): Set<string> {
  return new Set(
    queryAll<{ key: string }>(db, "SELECT file_name || '|' || sha256 AS key FROM uploaded_files").map((row) => row.key),
  );
}

export interface UploadedFileRecord {
  readonly id: number;
  readonly company_code: string;
  readonly company_name: string;
  readonly file_name: string;
  readonly report_type: string;
  readonly year: string | null;
  readonly size: number;
  readonly status: string;
  readonly upload_time: string;
}

/** The uploaded-file records, newest first. */
export function listUploadedFiles(db: Database): UploadedFileRecord[] {
  return queryAll<UploadedFileRecord & { first_year: number | null; last_year: number | null }>(
    db,
    `SELECT f.id, f.company_code, COALESCE(c.name, f.company_code) AS company_name, f.file_name,
       f.report_types AS report_type, f.first_year, f.last_year, f.size, f.status, f.upload_time
     FROM uploaded_files f LEFT JOIN companies c ON c.code = f.company_code ORDER BY f.id DESC`,
  ).map(({ first_year, last_year, ...file }) => ({
    ...file,
    year: first_year === null ? null : first_year === last_year ? String(first_year) : `${first_year}-${last_year}`,
  }));
}

export function findUploadedFile(db: Database, id: number): { id: number; company_code: string } | undefined {
  return queryAll<{ id: number; company_code: string }>(
    db,
    'SELECT id, company_code FROM uploaded_files WHERE id = ?',
    id,
  )[0];
}
