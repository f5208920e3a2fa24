import { COLORS, CONTENT_WIDTH, PAGE } from '../pdf-canvas.ts';
import type { Rgb } from '../pdf-doc.ts';
import type { DrawOp } from './recording-doc.ts';

/**
 * The tables of a recorded PDF, read back from what drawTable drew: a table starts at the heavy primary
 * line above its header, each row ends at the full-width grid line under it, the caption is the small
 * muted line just above. A cell's wrapped lines (same x, one after another) are joined.
 */

export interface ReadTable {
  readonly caption: string | null;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The text colour of each row's cells. */
  readonly colors: readonly (readonly Rgb[])[];
}

const sameColor = (a: Rgb, b: Rgb) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
const fullWidth = (op: Extract<DrawOp, { kind: 'line' }>) =>
  near(op.x1, PAGE.marginX) && near(op.x2, PAGE.marginX + CONTENT_WIDTH) && near(op.y1, op.y2);

function isHeaderLine(op: DrawOp): boolean {
  return op.kind === 'line' && fullWidth(op) && sameColor(op.color, COLORS.primary) && near(op.width, 0.4);
}

function isRowEnd(op: DrawOp): boolean {
  return op.kind === 'line' && fullWidth(op) && sameColor(op.color, COLORS.grid) && near(op.width, 0.2);
}

interface Cell {
  readonly x: number;
  readonly align: string;
  text: string;
  readonly color: Rgb;
}

/** The cells of one row: consecutive texts at the same x and alignment are one wrapped cell. */
function cellsOf(ops: readonly DrawOp[]): Cell[] {
  const cells: Cell[] = [];
  for (const op of ops) {
    if (op.kind !== 'text') continue;
    const last = cells[cells.length - 1];
    if (last && near(last.x, op.x) && last.align === op.align) last.text += op.text;
    else cells.push({ x: op.x, align: op.align, text: op.text, color: op.color });
  }
  return cells;
}

/** The row starting at `start` (texts and fills up to a row-end line), or null when something else comes first. */
function rowAt(ops: readonly DrawOp[], start: number): { cells: Cell[]; next: number } | null {
  for (let index = start; index < ops.length; index++) {
    const op = ops[index] as DrawOp;
    if (isRowEnd(op)) return { cells: cellsOf(ops.slice(start, index)), next: index + 1 };
    if (op.kind !== 'text' && op.kind !== 'rect') return null;
  }
  return null;
}

function captionBefore(ops: readonly DrawOp[], index: number): string | null {
  const op = ops[index - 1];
  return op?.kind === 'text' && op.size === 8 && sameColor(op.color, COLORS.muted) ? op.text : null;
}

export function readPdfTables(ops: readonly DrawOp[]): ReadTable[] {
  const tables: ReadTable[] = [];
  let index = 0;
  while (index < ops.length) {
    if (!isHeaderLine(ops[index] as DrawOp)) {
      index++;
      continue;
    }
    const header = rowAt(ops, index + 1);
    if (!header) {
      index++;
      continue;
    }
    const rows: Cell[][] = [];
    let cursor = header.next;
    for (;;) {
      // A page break repeats the header above the rest of the rows.
      const next = ops[cursor];
      if (next?.kind === 'page' && isHeaderLine(ops[cursor + 1] as DrawOp)) {
        const repeated = rowAt(ops, cursor + 2);
        if (repeated) {
          cursor = repeated.next;
          continue;
        }
      }
      const row = rowAt(ops, cursor);
      if (!row) break;
      rows.push(row.cells);
      cursor = row.next;
    }
    tables.push({
      caption: captionBefore(ops, index),
      header: header.cells.map((cell) => cell.text),
      rows: rows.map((row) => row.map((cell) => cell.text)),
      colors: rows.map((row) => row.map((cell) => cell.color)),
    });
    index = cursor;
  }
  return tables;
}
