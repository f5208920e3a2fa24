/** Helpers for the ingest tests: fixtures located from this file, workbooks and GBK bytes built in memory. */
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { type CompanyDirectory, loadCompanyDirectory } from '../market-lists.ts';

/** The repository root is four levels up from sync-server/src/ingest/testing/. */
export const FIXTURES_URL = new URL('../../../../fixtures/', import.meta.url);

export function readFixture(path: string): Uint8Array {
  return readFileSync(new URL(path, FIXTURES_URL));
}

let directory: CompanyDirectory | undefined;

export function fixtureDirectory(): CompanyDirectory {
  directory ??= loadCompanyDirectory(readFixture('market/fullStockList.csv'));
  return directory;
}

export interface SheetSpec {
  name: string;
  rows: unknown[][];
  /** Number formats by cell address, e.g. { B3: '0.00%' }. */
  formats?: Record<string, string>;
}

export function workbookBytes(sheets: readonly SheetSpec[], bookType: XLSX.BookType = 'xlsx'): Uint8Array {
  const workbook = XLSX.utils.book_new();
  for (const { name, rows, formats = {} } of sheets) {
    const sheet = XLSX.utils.aoa_to_sheet(rows);
    for (const [address, format] of Object.entries(formats)) {
      const cell: XLSX.CellObject | undefined = sheet[address];
      if (cell) cell.z = format;
    }
    XLSX.utils.book_append_sheet(workbook, sheet, name);
  }
  return new Uint8Array(XLSX.write(workbook, { type: 'array', bookType }) as ArrayBuffer);
}

export function utf8Bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

let gbkCodes: Map<string, [number, number]> | undefined;

/**
 * GBK bytes of a text. TextEncoder writes only UTF-8, so the table is the inverse of the platform's
 * GB18030 decoder over the two-byte GBK range.
 */
export function gbkBytes(text: string): Uint8Array {
  gbkCodes ??= buildGbkTable();
  const table = gbkCodes;
  return Uint8Array.from(
    [...text].flatMap((char) => {
      if (char.charCodeAt(0) < 0x80) return [char.charCodeAt(0)];
      const code = table.get(char);
      if (!code) throw new Error(`${char} has no GBK code`);
      return code;
    }),
  );
}

function buildGbkTable(): Map<string, [number, number]> {
  const decoder = new TextDecoder('gb18030');
  const table = new Map<string, [number, number]>();
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  return table;
}
