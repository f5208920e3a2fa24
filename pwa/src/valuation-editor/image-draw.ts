import { rgbHex, type Tone, toneColor } from '@fcf/engine/report';
import type { DcfImage, ImageRow } from './image-export.ts';

/** Canvas drawing of the DCF image, in CSS pixels (the caller scales the context). */

const FONT =
  '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "WenQuanYi Micro Hei", sans-serif';
const COLOR = {
  text: '#1d2433',
  muted: '#5b6577',
  border: '#e3e7ee',
  headerBg: '#f5f7fa',
  keyBg: '#f5f7fa',
  primary: '#1f4e8c',
  primarySoft: '#e8f0fb',
  warning: '#9a5b00',
};
const PAD = 48;
const HEAD_HEIGHT = 104;
const HEADER_ROW = 40;
const ROW = 36;
const FOOT = 56;
const WARNING_LINE = 24;
const LABEL_COLUMN = 300;
const CELL_PAD = 14;

export function imageHeight(image: DcfImage): number {
  return PAD + HEAD_HEIGHT + HEADER_ROW + image.rows.length * ROW + image.warnings.length * WARNING_LINE + FOOT + PAD;
}

const isPerShare = (row: ImageRow) => row.label.startsWith('每股价值');
/** A figure's colour: a change red or green by the one colour rule, else the text colour. */
const figureColor = (tone: Tone | undefined) => toneColor(tone ?? 'neutral', COLOR.text, rgbHex);

/** Shortens text to fit a width, with an ellipsis; canvas text does not wrap or clip by itself. */
function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let end = text.length;
  while (end > 0 && context.measureText(`${text.slice(0, end)}…`).width > width) end--;
  return `${text.slice(0, end)}…`;
}

function font(context: CanvasRenderingContext2D, size: number, bold = false): void {
  context.font = `${bold ? '600 ' : ''}${size}px ${FONT}`;
}

function drawHead(context: CanvasRenderingContext2D, image: DcfImage, width: number): void {
  context.textBaseline = 'alphabetic';
  context.textAlign = 'left';
  context.fillStyle = COLOR.text;
  font(context, 28, true);
  context.fillText(image.title, PAD, PAD + 30);
  context.fillStyle = COLOR.muted;
  font(context, 15);
  context.fillText(image.subtitle, PAD, PAD + 62);
  const perShare = image.rows.find(isPerShare);
  if (perShare?.kind === 'summary') {
    context.textAlign = 'right';
    font(context, 15);
    context.fillText('每股价值（元）', width - PAD, PAD + 18);
    context.fillStyle = COLOR.primary;
    font(context, 34, true);
    context.fillText(perShare.value, width - PAD, PAD + 60);
  }
  context.fillStyle = COLOR.primary;
  context.fillRect(PAD, PAD + 84, width - 2 * PAD, 3);
}

/** `columns`: the table's left edge, the label column's right edge, then each year column's right edge. */
function drawRow(context: CanvasRenderingContext2D, row: ImageRow, top: number, columns: readonly number[]): void {
  const left = columns[0] ?? PAD;
  const right = columns[columns.length - 1] ?? left + LABEL_COLUMN;
  const key = row.kind === 'summary' && row.key;
  if (key) {
    context.fillStyle = isPerShare(row) ? COLOR.primarySoft : COLOR.keyBg;
    context.fillRect(left, top, right - left, ROW);
  }
  const middle = top + ROW / 2;
  context.textBaseline = 'middle';
  context.textAlign = 'left';
  context.fillStyle = COLOR.text;
  font(context, 15, key);
  context.fillText(fitted(context, row.label, LABEL_COLUMN - 2 * CELL_PAD), left + CELL_PAD, middle);

  const values = row.kind === 'years' ? row.values : [row.value];
  const tones = row.kind === 'years' ? row.tones : [row.tone];
  context.textAlign = 'right';
  values.forEach((text, index) => {
    const cellRight = columns[index + 2] ?? right;
    context.fillStyle = isPerShare(row) ? COLOR.primary : figureColor(tones[index]);
    context.fillText(text, cellRight - CELL_PAD, middle);
  });
  if (row.kind === 'summary' && columns.length > 3) {
    const start = columns[2] ?? right;
    context.textAlign = 'left';
    context.fillStyle = COLOR.muted;
    font(context, 13);
    context.fillText(fitted(context, row.how, right - start - 2 * CELL_PAD), start + CELL_PAD, middle);
  }
  context.fillStyle = COLOR.border;
  context.fillRect(left, top + ROW - 1, right - left, 1);
}

/** The whole picture: title, date, then the table with the same rows and figures as the page. */
export function drawDcfImage(context: CanvasRenderingContext2D, image: DcfImage, width: number): void {
  const height = imageHeight(image);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  drawHead(context, image, width);

  const yearWidth = (width - 2 * PAD - LABEL_COLUMN) / Math.max(1, image.years.length);
  const columns = [
    PAD,
    PAD + LABEL_COLUMN,
    ...image.years.map((_, index) => PAD + LABEL_COLUMN + yearWidth * (index + 1)),
  ];
  const tableTop = PAD + HEAD_HEIGHT;
  const tableRight = width - PAD;

  context.fillStyle = COLOR.headerBg;
  context.fillRect(PAD, tableTop, tableRight - PAD, HEADER_ROW);
  context.fillStyle = COLOR.muted;
  context.textBaseline = 'middle';
  font(context, 15, true);
  context.textAlign = 'left';
  context.fillText('项目', PAD + CELL_PAD, tableTop + HEADER_ROW / 2);
  context.textAlign = 'right';
  image.years.forEach((year, index) => {
    context.fillText(year, (columns[index + 2] ?? tableRight) - CELL_PAD, tableTop + HEADER_ROW / 2);
  });

  image.rows.forEach((row, index) => {
    const top = tableTop + HEADER_ROW + index * ROW;
    drawRow(context, row, top, columns);
    const next = image.rows[index + 1];
    // A heavier rule where the table moves from inputs to discounting, and from discounting to the bridge.
    if (next && next.kind !== row.kind) {
      context.fillStyle = COLOR.text;
      context.fillRect(PAD, top + ROW - 1, tableRight - PAD, 1.5);
    }
  });

  const tableBottom = tableTop + HEADER_ROW + image.rows.length * ROW;
  context.strokeStyle = COLOR.border;
  context.lineWidth = 1;
  context.strokeRect(PAD + 0.5, tableTop + 0.5, tableRight - PAD - 1, tableBottom - tableTop - 1);
  context.fillStyle = COLOR.border;
  context.fillRect(PAD + LABEL_COLUMN, tableTop, 1, tableBottom - tableTop);

  context.textBaseline = 'alphabetic';
  context.textAlign = 'left';
  context.fillStyle = COLOR.warning;
  font(context, 13);
  image.warnings.forEach((warning, index) => {
    context.fillText(fitted(context, warning, tableRight - PAD), PAD, tableBottom + 26 + index * WARNING_LINE);
  });
  const footTop = tableBottom + image.warnings.length * WARNING_LINE;
  context.fillStyle = COLOR.muted;
  context.fillText('自由现金流估值平台 · 自定义参数估值 · 仅供研究参考，不构成投资建议', PAD, footTop + 34);
}
