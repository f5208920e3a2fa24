import type { TableSpec } from '../report/specs/spec-types.ts';
import { type Tone, toneColor } from '../report/tone.ts';
import { COLORS, CONTENT_WIDTH, PAGE, type PdfCanvas } from './pdf-canvas.ts';
import type { Rgb, TextAlign } from './pdf-doc.ts';

export interface TableCell {
  readonly text: string;
  /** Columns this cell covers (default 1). */
  readonly span?: number;
  readonly align?: TextAlign;
  readonly color?: Rgb;
  readonly fill?: Rgb;
}

type CellInput = string | TableCell;

export interface TableRow {
  readonly cells: readonly CellInput[];
  readonly fill?: Rgb;
}

interface TableColumn {
  /** Share of the table width, relative to the other columns. */
  readonly weight: number;
  readonly align?: TextAlign;
}

/** A table as the PDF lays it out: column weights, header, rows of cells. */
export interface TableLayout {
  readonly columns: readonly TableColumn[];
  readonly header: readonly CellInput[];
  readonly rows: readonly TableRow[];
  /** A line above the table ('单位：亿元'). */
  readonly caption?: string;
  readonly fontSize?: number;
}

const PADDING_X = 1.6;
const PADDING_Y = 1.5;

interface LaidCell {
  readonly lines: string[];
  readonly x: number;
  readonly width: number;
  readonly align: TextAlign;
  readonly color: Rgb;
  readonly fill: Rgb | undefined;
}

function asCell(input: CellInput): TableCell {
  return typeof input === 'string' ? { text: input } : input;
}

/** Positions and wrapped lines of one row's cells. */
function layoutRow(
  canvas: PdfCanvas,
  cells: readonly CellInput[],
  xs: readonly number[],
  widths: readonly number[],
  columns: readonly TableColumn[],
  size: number,
): LaidCell[] {
  const laid: LaidCell[] = [];
  let column = 0;
  for (const input of cells) {
    if (column >= widths.length) break;
    const cell = asCell(input);
    const span = Math.max(1, Math.min(cell.span ?? 1, widths.length - column));
    let width = 0;
    for (let k = column; k < column + span; k++) width += widths[k] ?? 0;
    laid.push({
      lines: canvas.wrap(cell.text, size, width - 2 * PADDING_X),
      x: xs[column] ?? PAGE.marginX,
      width,
      align: cell.align ?? (span > 1 ? 'left' : (columns[column]?.align ?? 'right')),
      color: cell.color ?? COLORS.text,
      fill: cell.fill,
    });
    column += span;
  }
  return laid;
}

function rowHeight(canvas: PdfCanvas, cells: readonly LaidCell[], size: number): number {
  const lines = Math.max(1, ...cells.map((cell) => cell.lines.length));
  return lines * canvas.lineHeight(size) + 2 * PADDING_Y;
}

function drawRow(canvas: PdfCanvas, cells: readonly LaidCell[], height: number, size: number, fill?: Rgb): void {
  const top = canvas.y;
  if (fill) canvas.fillRect(PAGE.marginX, top, CONTENT_WIDTH, height, fill);
  const lineHeight = canvas.lineHeight(size);
  for (const cell of cells) {
    if (cell.fill) canvas.fillRect(cell.x, top, cell.width, height, cell.fill);
    const textX =
      cell.align === 'left'
        ? cell.x + PADDING_X
        : cell.align === 'right'
          ? cell.x + cell.width - PADDING_X
          : cell.x + cell.width / 2;
    // Lines are centred vertically in the row.
    const block = cell.lines.length * lineHeight;
    let baseline = top + (height - block) / 2 + lineHeight * 0.72;
    for (const line of cell.lines) {
      canvas.text(line, textX, baseline, { size, color: cell.color, align: cell.align });
      baseline += lineHeight;
    }
  }
  canvas.line(PAGE.marginX, top + height, PAGE.marginX + CONTENT_WIDTH, top + height, COLORS.grid, 0.2);
  canvas.y = top + height;
}

/**
 * A full-width table at the cursor. Rows never split; when the page is full the table goes on on the
 * next page under a repeated header.
 */
export function drawTable(canvas: PdfCanvas, spec: TableLayout): void {
  const size = spec.fontSize ?? 8.5;
  const totalWeight = spec.columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = spec.columns.map((column) => (CONTENT_WIDTH * column.weight) / totalWeight);
  const xs: number[] = [];
  let x = PAGE.marginX;
  for (const width of widths) {
    xs.push(x);
    x += width;
  }
  const header = layoutRow(canvas, spec.header, xs, widths, spec.columns, size);
  const headerHeight = rowHeight(canvas, header, size);
  const rows = spec.rows.map((row) => {
    const cells = layoutRow(canvas, row.cells, xs, widths, spec.columns, size);
    return { cells, height: rowHeight(canvas, cells, size), fill: row.fill };
  });
  const captionHeight = spec.caption ? canvas.lineHeight(8) + 1 : 0;

  // Keep the caption, header and the first two rows together.
  const firstRows = rows.slice(0, 2).reduce((sum, row) => sum + row.height, 0);
  canvas.ensureSpace(captionHeight + headerHeight + firstRows);
  if (spec.caption) {
    canvas.text(spec.caption, PAGE.marginX, canvas.y + canvas.lineHeight(8) * 0.75, { size: 8, color: COLORS.muted });
    canvas.y += captionHeight;
  }
  const drawHeader = () => {
    canvas.line(PAGE.marginX, canvas.y, PAGE.marginX + CONTENT_WIDTH, canvas.y, COLORS.primary, 0.4);
    drawRow(canvas, header, headerHeight, size, COLORS.headerFill);
  };
  drawHeader();
  for (const row of rows) {
    if (canvas.ensureSpace(row.height)) drawHeader();
    drawRow(canvas, row.cells, row.height, size, row.fill);
  }
  canvas.y += 3;
}

/** The colour of a figure by its tone: red for a rise, green for a fall, the text colour for a level. */
function toneRgb(tone: Tone): Rgb {
  return toneColor<Rgb>(tone, COLORS.text, (rgb) => rgb);
}

/** A figure's cell: its text in its tone's colour. */
export function figureCell(text: string, tone: Tone, extra: Partial<TableCell> = {}): TableCell {
  return { text, color: toneRgb(tone), ...extra };
}

/** The label column of a table of `columns` figures: wider when there are many columns. */
function labelColumn(columns: number, least = 2.2): TableColumn {
  return { weight: Math.max(least, columns * 0.45), align: 'left' };
}

/** A report table (figures down, years across) as its spec says: caption, header, rows, tones. */
export function drawSpecTable(canvas: PdfCanvas, spec: TableSpec): void {
  drawTable(canvas, {
    caption: spec.caption,
    columns: [labelColumn(spec.columns.length), ...spec.columns.map(() => ({ weight: 1, align: 'right' as const }))],
    header: [{ text: spec.labelHeader, align: 'left' }, ...spec.columns],
    rows: spec.rows.map((row) => ({
      cells: [row.label, ...row.texts.map((text, index) => figureCell(text, row.tones[index] ?? 'neutral'))],
    })),
  });
}
