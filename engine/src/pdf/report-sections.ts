import type { HistoryModuleSpec } from '../report/specs/spec-types.ts';
import { COLORS, CONTENT_WIDTH, PAGE, type PdfCanvas } from './pdf-canvas.ts';
import { drawCharts } from './pdf-charts.ts';
import { drawSpecTable } from './pdf-tables.ts';

/** A history module of the report (ROE-ROIC, profitability, FCF structure, FCF ratios), as its spec says. */

const AREA = { x: PAGE.marginX, width: CONTENT_WIDTH };

/** '一、ROE-ROIC 分析': the modules are numbered in menu order. */
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
export function numberedTitle(position: number, title: string): string {
  return `${NUMERALS[position - 1] ?? String(position)}、${title}`;
}

function hint(canvas: PdfCanvas, text: string): void {
  canvas.paragraph(text, { size: 8, color: COLORS.muted, after: 3 });
}

export function drawHistoryModule(canvas: PdfCanvas, title: string, spec: HistoryModuleSpec): void {
  canvas.heading(title);
  if (spec.empty) {
    canvas.paragraph(spec.empty, { color: COLORS.muted, after: 4 });
    return;
  }
  for (const table of spec.tables) drawSpecTable(canvas, table);
  if (spec.notice) {
    canvas.paragraph(spec.notice.text, { color: COLORS.muted, after: 1 });
    for (const item of spec.notice.items)
      canvas.paragraph(`· ${item}`, { size: 9, color: COLORS.muted, indent: 2, after: 1 });
    canvas.y += 3;
  }
  for (const text of spec.hints) hint(canvas, text);
  drawCharts(canvas, spec.charts, AREA);
}
