import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { decodeText, looksBinary, startsWith } from './decode.ts';
import { INGEST_ERRORS, IngestError, sheetTooLargeMessage } from './errors.ts';
import { INGEST_LIMITS } from './limits.ts';
import { unpackWorkbookZip } from './zip-limits.ts';

/** One sheet as text cells: CSV files are a single unnamed sheet. Cells are trimmed, '' when blank. */
export interface SheetGrid {
  name: string;
  rows: string[][];
  /**
   * The file's line of each row, from 1, where blank lines are not rows (CSV); absent where a row's number is
   * its index + 1 (a workbook keeps its blank rows).
   */
  lines?: number[];
}

export type StatementFileKind = 'csv' | 'excel';

export function fileKind(filename: string): StatementFileKind | undefined {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'xlsx' || extension === 'xls') return 'excel';
  return undefined;
}

/** The sheets of a file, each within the row and cell limits (else the file is refused, naming the sheet). */
export function readSheets(kind: StatementFileKind, bytes: Uint8Array): SheetGrid[] {
  return kind === 'csv' ? [readCsv(bytes)] : readWorkbook(bytes);
}

/**
 * Refuses a sheet with too many rows, or cells in its grid (a row reaches to its last cell, blanks
 * included), before the grid is built: one cell in column XFD on each row would be billions of blanks.
 */
function refuseLargeSheet(name: string, rows: readonly ({ length: number } | undefined)[]): void {
  if (rows.length > INGEST_LIMITS.rowsPerSheet) throw new IngestError(sheetTooLargeMessage(name, 'rows'));
  let cells = 0;
  for (const row of rows) cells += row?.length ?? 0;
  if (cells > INGEST_LIMITS.cellsPerSheet) throw new IngestError(sheetTooLargeMessage(name, 'cells'));
}

function readCsv(bytes: Uint8Array): SheetGrid {
  const text = decodeText(bytes);
  // papaparse guesses the delimiter, so tab-separated exports saved as .csv read as well. Reading stops
  // one row past the limit: that row is enough to refuse the file. Blank lines (or only delimiters) are not
  // rows and do not count against it, but each row keeps its line, so a message can name the line.
  const rows: string[][] = [];
  const lines: number[] = [];
  let line = 0;
  // The delimiter is guessed as before, blank lines left out (counted in, they make papaparse fall back to ',').
  const { delimiter } = Papa.parse<string[]>(text, { preview: 10, skipEmptyLines: 'greedy' }).meta;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (row, parser) => {
      line++;
      if (row.data.every((cell) => cell.trim() === '')) return;
      rows.push(row.data);
      lines.push(line);
      if (rows.length > INGEST_LIMITS.rowsPerSheet) parser.abort();
    },
  });
  refuseLargeSheet('', rows);
  return { name: '', rows: rows.map((row) => row.map(cleanCell)), lines };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

/**
 * What the spreadsheet parser reads as a zip: `PK` and two bytes below 9, so not only a local header
 * (`PK\x03\x04`) but a directory record or a spanning mark at the start too.
 */
function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] ?? 9) < 9 && (bytes[3] ?? 9) < 9;
}

function readWorkbook(bytes: Uint8Array): SheetGrid[] {
  // The parser is handed only an archive unpacked within the limits, never the uploaded one.
  const readable = looksLikeZip(bytes) ? unpackWorkbookZip(bytes) : bytes;
  let workbook: XLSX.WorkBook;
  try {
    workbook = parseWorkbook(readable);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(INGEST_ERRORS.corruptWorkbook);
  }
  if (workbook.SheetNames.length > INGEST_LIMITS.sheets) throw new IngestError(INGEST_ERRORS.tooManySheets);
  return workbook.SheetNames.flatMap((name) => {
    const sheet = workbook.Sheets[name];
    return sheet ? [{ name, rows: sheetRows(name, sheet) }] : [];
  });
}

/** Parsing an .xlsx stops after one sheet more than the limit: its name is all it takes to refuse. */
const SHEETS_TO_PARSE = Array.from({ length: INGEST_LIMITS.sheets + 1 }, (_, index) => index);

function parseWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  // cellDates turns date-formatted cells into Dates (UTC midnight of the shown day), so a report date
  // typed as a date reads as the date the user sees rather than as a day count. Dense sheets (rows of
  // cells) take a fraction of the memory of cells keyed by address.
  const options: XLSX.ParsingOptions = {
    cellDates: true,
    cellNF: true,
    cellFormula: false,
    cellHTML: false,
    dense: true,
    sheets: SHEETS_TO_PARSE,
  };
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, OLE_MAGIC)) {
    return XLSX.read(bytes, { ...options, type: 'array' });
  }
  // Finance portals often hand out ".xls" files that are really HTML tables or tab-separated text.
  // SheetJS would read any bytes as text, so anything binary-looking here is a damaged file.
  const text = decodeText(bytes);
  if (looksBinary(text)) throw new IngestError(INGEST_ERRORS.corruptWorkbook);
  return XLSX.read(text, { ...options, type: 'string' });
}

function sheetRows(name: string, sheet: XLSX.WorkSheet): string[][] {
  // The stored cells, not the declared range: a stray '!ref' of A1:XFD1048576 would otherwise mean
  // billions of empty cells.
  const data: (XLSX.CellObject | undefined)[][] = sheet['!data'] ?? [];
  refuseLargeSheet(name, data);
  return Array.from(data, (row) => Array.from(row ?? [], (cell) => (cell ? cellText(cell) : '')));
}

function cellText(cell: XLSX.CellObject): string {
  const { v } = cell;
  if (v instanceof Date) return isYearOnlyFormat(cell.z) ? String(v.getUTCFullYear()) : isoDate(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return '';
    // A percentage cell stores the fraction (0.2643 shown as 26.43%); ratios are stated in percent,
    // so read what the cell shows. toPrecision drops the binary noise of the multiplication.
    return isPercentFormat(cell.z) ? String(Number((v * 100).toPrecision(15))) : String(v);
  }
  if (typeof v === 'string') return cleanCell(v);
  // Booleans and error cells (#N/A, #DIV/0!) carry no figure.
  return '';
}

/** The format's codes without its quoted literals ('yyyy"年"' → 'yyyy'). */
function formatCodes(format: string | number | undefined): string {
  return typeof format === 'string' ? format.replace(/"[^"]*"|\\./g, '').toLowerCase() : '';
}

function isPercentFormat(format: string | number | undefined): boolean {
  return formatCodes(format).includes('%');
}

/** A date shown as 'yyyy' or 'yyyy"年"' names a fiscal year, whatever day was typed. */
function isYearOnlyFormat(format: string | number | undefined): boolean {
  const codes = formatCodes(format);
  return codes.includes('y') && !/[md]/.test(codes);
}

function isoDate(date: Date): string {
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  const day = String(date.getUTCDate()).padStart(2, '0');
  return `${date.getUTCFullYear()}-${month}-${day}`;
}

function cleanCell(text: string): string {
  return text.trim();
}
