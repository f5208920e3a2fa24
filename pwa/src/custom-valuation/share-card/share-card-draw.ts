import { PALETTE } from '@fcf/engine/report';
import type { ShareCard } from './share-card.ts';

/**
 * The share card drawn on a canvas: portrait, 1080 px wide and a phone screen high (9:16), so it fills a
 * phone in a chat or a photo album. In image pixels (no scaling).
 */

export const CARD_WIDTH = 1080;
export const CARD_HEIGHT = 1920;

/** The app's own Chinese font, loaded before drawing: a device without a Chinese system font still draws text. */
export const CARD_FONT_FAMILY = 'FCF Card CJK';
const FONT = `"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "${CARD_FONT_FAMILY}", sans-serif`;
const COLOR = {
  text: '#1d2433',
  muted: '#5b6577',
  border: '#e3e7ee',
  primary: '#1f4e8c',
  primarySoft: '#e8f0fb',
  mine: '#1b7a36',
  mineSoft: '#eaf5ec',
  warning: PALETTE.warning,
  warningSoft: PALETTE.warningSoft,
};
const PAD = 80;
const INPUT_ROW = 76;

function font(context: CanvasRenderingContext2D, size: number, weight: 400 | 600 | 700 = 400): void {
  context.font = `${weight} ${size}px ${FONT}`;
}

/** Shortens text to fit a width, with an ellipsis; canvas text does not wrap or clip by itself. */
function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  let end = text.length;
  while (end > 0 && context.measureText(`${text.slice(0, end)}…`).width > width) end--;
  return `${text.slice(0, end)}…`;
}

/** Breaks text into at most `maxLines` lines of `width` (CJK breaks anywhere), the last ellipsized. */
function wrapped(context: CanvasRenderingContext2D, value: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let rest = value;
  while (rest.length > 0 && lines.length < maxLines) {
    let end = rest.length;
    while (end > 1 && context.measureText(rest.slice(0, end)).width > width) end--;
    const last = lines.length === maxLines - 1;
    lines.push(last && end < rest.length ? fitted(context, rest, width) : rest.slice(0, end));
    rest = rest.slice(end);
  }
  return lines;
}

function text(
  context: CanvasRenderingContext2D,
  value: string,
  x: number,
  y: number,
  options: { size: number; color?: string; weight?: 400 | 600 | 700; align?: CanvasTextAlign; width?: number },
): void {
  font(context, options.size, options.weight ?? 400);
  context.fillStyle = options.color ?? COLOR.text;
  context.textAlign = options.align ?? 'left';
  context.fillText(options.width ? fitted(context, value, options.width) : value, x, y);
}

function roundRect(context: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, fill: string) {
  context.fillStyle = fill;
  context.beginPath();
  context.roundRect(x, y, w, h, 24);
  context.fill();
}

/** The head: the app, the company, the value per share with its Δ, and price / margin of safety. */
function drawHead(context: CanvasRenderingContext2D, card: ShareCard): number {
  const inner = CARD_WIDTH - 2 * PAD;
  context.fillStyle = COLOR.primary;
  context.fillRect(0, 0, CARD_WIDTH, 12);
  text(context, '自由现金流估值平台 · 自定义估值', PAD, 120, { size: 32, color: COLOR.primary, weight: 600 });
  text(context, card.company, PAD, 220, { size: 60, weight: 700, width: inner });
  if (card.industry) text(context, card.industry, PAD, 290, { size: 34, color: COLOR.muted, width: inner });

  roundRect(context, PAD, 340, inner, 380, COLOR.primarySoft);
  text(context, '每股价值（元）', PAD + 48, 420, { size: 36, color: COLOR.muted });
  text(context, card.perShare, PAD + 48, 560, { size: 132, color: COLOR.primary, weight: 700, width: inner - 96 });
  if (card.perShareNote) {
    text(context, card.perShareNote, PAD + 48, 640, { size: 30, color: COLOR.warning, width: inner - 96 });
  } else if (card.delta) text(context, `较系统估值 ${card.delta}`, PAD + 48, 640, { size: 36, width: inner - 96 });
  else text(context, '系统参数估值', PAD + 48, 640, { size: 36, color: COLOR.muted });
  let top = 760;
  if (card.price && card.marginOfSafety) {
    text(context, `股价 ${card.price} 元`, PAD, top + 50, { size: 40 });
    text(context, `安全边际 ${card.marginOfSafety}`, CARD_WIDTH - PAD, top + 50, {
      size: 40,
      weight: 600,
      align: 'right',
    });
    top += 90;
  }
  if (card.range) {
    text(context, card.range, PAD, top + 40, { size: 34, width: CARD_WIDTH - 2 * PAD });
    top += 70;
  }
  return top;
}

/** The key inputs, the reader's own marked 我的设定, as many as fit above `bottom`; the rest counted. */
function drawInputs(context: CanvasRenderingContext2D, card: ShareCard, top: number, bottom: number): void {
  const inner = CARD_WIDTH - 2 * PAD;
  text(context, '关键参数', PAD, top + 50, { size: 40, weight: 600 });
  let y = top + 80;
  const rows = Math.max(0, Math.floor((bottom - y) / INPUT_ROW));
  const allFit = card.inputs.length + (card.moreInputs > 0 ? 1 : 0) <= rows;
  // When they do not all fit, the last row counts the rest.
  const shown = allFit ? card.inputs : card.inputs.slice(0, Math.max(0, rows - 1));
  const hidden = card.moreInputs + card.inputs.length - shown.length;
  for (const input of shown) {
    if (input.mine) roundRect(context, PAD - 16, y + 6, inner + 32, INPUT_ROW - 12, COLOR.mineSoft);
    const labelWidth = inner - 300;
    text(context, input.label, PAD, y + 50, { size: 34, color: COLOR.muted, width: labelWidth });
    const valueRight = CARD_WIDTH - PAD - (input.mine ? 150 : 0);
    text(context, input.value, valueRight, y + 50, {
      size: 36,
      weight: 600,
      align: 'right',
      color: input.mine ? COLOR.mine : COLOR.text,
    });
    if (input.mine) {
      text(context, '我的设定', CARD_WIDTH - PAD, y + 48, { size: 28, color: COLOR.mine, align: 'right' });
    }
    y += INPUT_ROW;
  }
  if (hidden > 0) text(context, `另有 ${hidden} 项参数`, PAD, y + 46, { size: 30, color: COLOR.muted });
}

const WARNING_LINE = 42;

/** The warnings in an amber box that ends at `bottom`, two lines each at most; returns the box's top. */
function drawWarnings(context: CanvasRenderingContext2D, warnings: readonly string[], bottom: number): number {
  if (warnings.length === 0) return bottom;
  const inner = CARD_WIDTH - 2 * PAD;
  font(context, 30);
  const lines = warnings.flatMap((warning) => wrapped(context, `· ${warning}`, inner - 64, 2));
  const height = 40 + lines.length * WARNING_LINE;
  const top = bottom - height;
  roundRect(context, PAD, top, inner, height, COLOR.warningSoft);
  lines.forEach((line, index) => {
    text(context, line, PAD + 32, top + 50 + index * WARNING_LINE, { size: 30, color: COLOR.warning });
  });
  return top;
}

/** The whole card; the foot (data date, link, disclaimer) sits at the bottom whatever the inputs. */
export function drawShareCard(context: CanvasRenderingContext2D, card: ShareCard): void {
  context.textBaseline = 'alphabetic';
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, CARD_WIDTH, CARD_HEIGHT);
  const inner = CARD_WIDTH - 2 * PAD;
  const foot = CARD_HEIGHT - 230;
  const head = drawHead(context, card);
  // Warnings never give way to inputs: at most four of them (two lines each) above the foot.
  const warningsTop = drawWarnings(context, card.warnings.slice(0, 4), foot - 24);
  drawInputs(context, card, head, warningsTop - 16);
  context.fillStyle = COLOR.border;
  context.fillRect(PAD, foot, inner, 2);
  const stale = card.dataDate.stale;
  text(context, `${card.dataDate.text}${stale ? '（数据较旧）' : ''} · 生成于 ${card.date}`, PAD, foot + 70, {
    size: 32,
    color: stale ? COLOR.warning : COLOR.muted,
    weight: stale ? 600 : 400,
  });
  text(context, card.url, PAD, foot + 130, { size: 34, color: COLOR.primary, weight: 600, width: inner });
  text(context, '仅供研究参考，不构成投资建议', PAD, foot + 186, { size: 28, color: COLOR.muted });
}
