import { type CellObject, utils, type WorkSheet } from '@e965/xlsx';

/**
 * Building a worksheet cell by cell, as the exported models do: text, numbers and live formulas with the
 * engine's figure cached (a viewer that does not recalculate shows what the page shows). Pure: no DOM.
 */

export const AMOUNT = '#,##0.00';
export const PERCENT = '0.00%';
export const FACTOR = '0.0000';

export type Sheet = { cells: Map<string, CellObject>; rows: number; columns: number };

export function sheet(): Sheet {
  return { cells: new Map(), rows: 0, columns: 0 };
}

/** Sets a cell by zero-based row and column: text, a number, or a formula with its cached value. */
export function put(target: Sheet, row: number, column: number, cell: CellObject): void {
  target.cells.set(utils.encode_cell({ r: row, c: column }), cell);
  target.rows = Math.max(target.rows, row + 1);
  target.columns = Math.max(target.columns, column + 1);
}

export const text = (value: string): CellObject => ({ t: 's', v: value });
export const number = (value: number | null | undefined, format = AMOUNT): CellObject =>
  typeof value === 'number' && Number.isFinite(value) ? { t: 'n', v: value, z: format } : { t: 's', v: '' };
export const formula = (expression: string, cached: number | null | undefined, format = AMOUNT): CellObject => ({
  t: 'n',
  f: expression,
  v: typeof cached === 'number' && Number.isFinite(cached) ? cached : 0,
  z: format,
});

export const ref = (row: number, column: number, absolute = false) => {
  const address = utils.encode_cell({ r: row, c: column });
  return absolute ? address.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2') : address;
};
export const on = (name: string, address: string) => `'${name}'!${address}`;

export function toWorkSheet({ cells, rows, columns }: Sheet, widths: readonly number[]): WorkSheet {
  const worksheet: WorkSheet = {};
  for (const [address, cell] of cells) worksheet[address] = cell;
  worksheet['!ref'] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows - 1), c: columns - 1 } });
  worksheet['!cols'] = widths.map((wch) => ({ wch }));
  return worksheet;
}
