import { read, type WorkBook, write } from '@e965/xlsx';
import { HyperFormula } from 'hyperformula';

/** Reading an exported workbook back as a spreadsheet program would, and recalculating it (HyperFormula). */

/** Written to bytes and read back, as a spreadsheet program would open the file. */
export function roundTrip(workbook: WorkBook): WorkBook {
  const bytes = write(workbook, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return read(new Uint8Array(bytes), { type: 'array', cellFormula: true });
}

export const cell = (workbook: WorkBook, sheet: string, address: string) => workbook.Sheets[sheet]?.[address];

/** The workbook as HyperFormula sheets: formulas where the file has them, values elsewhere. */
export function formulaEngine(workbook: WorkBook): HyperFormula {
  const sheets: Record<string, (string | number | null)[][]> = {};
  for (const name of workbook.SheetNames) {
    const worksheet = workbook.Sheets[name];
    const range = worksheet?.['!ref'];
    if (!worksheet || !range) continue;
    const rows: (string | number | null)[][] = [];
    for (const [address, value] of Object.entries(worksheet)) {
      if (address.startsWith('!')) continue;
      const match = /^([A-Z]+)(\d+)$/.exec(address);
      if (!match?.[1] || !match[2]) continue;
      const column = [...match[1]].reduce((sum, char) => sum * 26 + char.charCodeAt(0) - 64, 0) - 1;
      const row = Number(match[2]) - 1;
      rows[row] ??= [];
      const target = rows[row];
      target[column] = value.f ? `=${value.f}` : (value.v as string | number);
    }
    sheets[name] = Array.from(rows, (row) => Array.from(row ?? [], (value) => value ?? null));
  }
  return HyperFormula.buildFromSheets(sheets, { licenseKey: 'gpl-v3' });
}

export function cellNumber(engine: HyperFormula, sheet: string, address: string): number {
  const sheetId = engine.getSheetId(sheet);
  const position = sheetId === undefined ? undefined : engine.simpleCellAddressFromString(address, sheetId);
  if (!position) throw new Error(`no cell ${sheet}!${address}`);
  const value = engine.getCellValue(position);
  if (typeof value !== 'number') throw new Error(`${sheet}!${address} is ${JSON.stringify(value)}`);
  return value;
}
