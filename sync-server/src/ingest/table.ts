import * as XLSX from '@e965/xlsx';
import Papa from 'papaparse';
import { decodeText, looksBinary, startsWith } from './decode.ts';
import { INGEST_ERRORS, IngestError } from './errors.ts';

/** One sheet as text cells: CSV files are a single unnamed sheet. Cells are trimmed, '' when blank. */
export interface SheetGrid {
  name: string;
  rows: string[][];
}

export type StatementFileKind = 'csv' | 'excel';

export function fileKind(filename: string): StatementFileKind | undefined {
  const extension = /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (extension === 'csv') return 'csv';
  if (extension === 'xlsx' || extension === 'xls') return 'excel';
  return undefined;
}

export function readSheets(kind: StatementFileKind, bytes: Uint8Array): SheetGrid[] {
  return kind === 'csv' ? [readCsv(bytes)] : readWorkbook(bytes);
}

function readCsv(bytes: Uint8Array): SheetGrid {
  const text = decodeText(bytes);
  // papaparse guesses the delimiter, so tab-separated exports saved as .csv read as well.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return { name: '', rows: parsed.data.map((row) => row.map(cleanCell)) };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

function readWorkbook(bytes: Uint8Array): SheetGrid[] {
  let workbook: XLSX.WorkBook;
  try {
    workbook = parseWorkbook(bytes);
  } catch {
    throw new IngestError(INGEST_ERRORS.corruptWorkbook);
  }
  return workbook.SheetNames.flatMap((name) => {
    const sheet = workbook.Sheets[name];
    return sheet ? [{ name, rows: sheetRows(sheet) }] : [];
  });
}

function parseWorkbook(bytes: Uint8Array): XLSX.WorkBook {
  // cellDates turns date-formatted cells into Dates (UTC midnight of the shown day), so a report date
  // typed as a date reads as the date the user sees rather than as a day count.
  const options: XLSX.ParsingOptions = { cellDates: true, cellNF: true, cellFormula: false, cellHTML: false };
  if (startsWith(bytes, ZIP_MAGIC) || startsWith(bytes, OLE_MAGIC)) {
    return XLSX.read(bytes, { ...options, type: 'array' });
  }
  // Finance portals often hand out ".xls" files that are really HTML tables or tab-separated text.
  // SheetJS would read any bytes as text, so anything binary-looking here is a damaged file.
  const text = decodeText(bytes);
  if (looksBinary(text)) throw new IngestError(INGEST_ERRORS.corruptWorkbook);
  return XLSX.read(text, { ...options, type: 'string' });
}

function sheetRows(sheet: XLSX.WorkSheet): string[][] {
  const rows: string[][] = [];
  // Walk the stored cells rather than the declared range: a stray '!ref' of A1:XFD1048576 would
  // otherwise mean billions of empty cells.
  for (const [address, cell] of Object.entries(sheet)) {
    if (address.startsWith('!')) continue;
    const { r, c } = XLSX.utils.decode_cell(address);
    const row = rows[r] ?? [];
    row[c] = cellText(cell as XLSX.CellObject);
    rows[r] = row;
  }
  return Array.from(rows, (row) => Array.from(row ?? [], (text) => text ?? ''));
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
