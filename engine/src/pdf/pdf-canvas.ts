import { hexRgb, PALETTE } from '../report/palette.ts';
import type { JsPdfDocument, Rgb, TextAlign } from './pdf-doc.ts';

/** A4 portrait in mm: the content runs between `top` and `bottom`; header and footer sit outside it. */
export const PAGE = { width: 210, height: 297, marginX: 16, top: 22, bottom: 279 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.marginX;
const PT_TO_MM = 25.4 / 72;

/** The report's colours: the charts' palette as RGB, plus the PDF's own fills. */
export const COLORS = {
  text: hexRgb(PALETTE.text),
  muted: hexRgb(PALETTE.muted),
  primary: hexRgb(PALETTE.primary),
  grid: hexRgb(PALETTE.grid),
  white: hexRgb(PALETTE.surface),
  /** Warnings (valuation warnings, a stale data date, the terminal value share). */
  amber: hexRgb(PALETTE.warning),
  danger: [198, 40, 40],
  border: [200, 206, 216],
  headerFill: [234, 240, 248],
  keyFill: [252, 245, 228],
  baseFill: [255, 236, 179],
} as const satisfies Record<string, Rgb>;

export interface TextStyle {
  readonly size?: number;
  readonly color?: Rgb;
  readonly align?: TextAlign;
}

/** Characters that break anywhere (CJK); runs of other non-space characters stay together. */
const TOKEN =
  /[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]|\s+|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]+/g;

/**
 * A cursor over a jsPDF document: text in the report font, wrapping, shapes, and page breaks. Every
 * drawing call sets its own colours, so nothing depends on jsPDF's state carrying across pages.
 */
export class PdfCanvas {
  /** The top of the free space on the current page (mm). */
  y: number = PAGE.top;

  constructor(
    readonly doc: JsPdfDocument,
    private readonly fontName: string,
  ) {}

  get page(): number {
    return this.doc.getNumberOfPages();
  }

  /** Height of one line of text at `size` pt. */
  lineHeight(size: number): number {
    return size * PT_TO_MM * 1.45;
  }

  private useFont(size: number, color: Rgb): void {
    this.doc.setFont(this.fontName, 'normal');
    this.doc.setFontSize(size);
    this.doc.setTextColor(color[0], color[1], color[2]);
  }

  textWidth(value: string, size: number): number {
    this.doc.setFont(this.fontName, 'normal');
    this.doc.setFontSize(size);
    return this.doc.getTextWidth(value);
  }

  /** One line of text with its baseline at y. */
  text(value: string, x: number, y: number, style: TextStyle = {}): void {
    if (value === '') return;
    this.useFont(style.size ?? 10, style.color ?? COLORS.text);
    this.doc.text(value, x, y, { align: style.align ?? 'left' });
  }

  /** The text at `size`, shrunk down to `minSize` and then cut with '…' until it fits `maxWidth`. */
  fit(value: string, size: number, maxWidth: number, minSize = size * 0.75): { text: string; size: number } {
    let current = size;
    while (current > minSize && this.textWidth(value, current) > maxWidth) current -= 0.5;
    if (this.textWidth(value, current) <= maxWidth) return { text: value, size: current };
    const chars = [...value];
    while (chars.length > 1 && this.textWidth(`${chars.join('')}…`, current) > maxWidth) chars.pop();
    return { text: `${chars.join('')}…`, size: current };
  }

  /** Lines of at most `maxWidth`: Chinese breaks between any two characters, Latin words stay whole. */
  wrap(value: string, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of value.split('\n')) {
      let line = '';
      for (const token of paragraph.match(TOKEN) ?? []) {
        const candidate = line + token;
        if (this.textWidth(candidate, size) <= maxWidth) {
          line = candidate;
          continue;
        }
        if (line.trim() !== '') lines.push(line.trimEnd());
        line = '';
        if (/^\s+$/.test(token)) continue;
        // A word wider than the line is cut character by character.
        for (const char of token) {
          if (line !== '' && this.textWidth(line + char, size) > maxWidth) {
            lines.push(line);
            line = '';
          }
          line += char;
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /** Moves to a new page unless `height` mm still fit on this one; true when it broke the page. */
  ensureSpace(height: number): boolean {
    if (this.y + height <= PAGE.bottom) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = PAGE.top;
  }

  /** Wrapped text at the cursor, breaking pages between lines. */
  paragraph(value: string, style: TextStyle & { indent?: number; after?: number } = {}): void {
    const size = style.size ?? 9.5;
    const indent = style.indent ?? 0;
    const height = this.lineHeight(size);
    for (const line of this.wrap(value, size, CONTENT_WIDTH - indent)) {
      this.ensureSpace(height);
      this.text(line, PAGE.marginX + indent, this.y + height * 0.75, { size, color: style.color ?? COLORS.text });
      this.y += height;
    }
    this.y += style.after ?? 2;
  }

  /** A module title ('一、ROE-ROIC 分析') with a coloured bar; kept with `keepWith` mm of what follows. */
  heading(title: string, keepWith = 40): void {
    this.ensureSpace(12 + keepWith);
    this.fillRect(PAGE.marginX, this.y + 1, 1.6, 7, COLORS.primary);
    this.text(title, PAGE.marginX + 4, this.y + 6.6, { size: 14, color: COLORS.primary });
    this.line(PAGE.marginX, this.y + 10, PAGE.width - PAGE.marginX, this.y + 10, COLORS.border, 0.3);
    this.y += 14;
  }

  subheading(title: string, keepWith = 30): void {
    this.ensureSpace(8 + keepWith);
    this.text(title, PAGE.marginX, this.y + 4.5, { size: 10.5, color: COLORS.text });
    this.y += 7.5;
  }

  fillRect(x: number, y: number, width: number, height: number, color: Rgb): void {
    this.doc.setFillColor(color[0], color[1], color[2]);
    this.doc.rect(x, y, width, height, 'F');
  }

  strokeRect(x: number, y: number, width: number, height: number, color: Rgb, lineWidth = 0.2): void {
    this.doc.setDrawColor(color[0], color[1], color[2]);
    this.doc.setLineWidth(lineWidth);
    this.doc.rect(x, y, width, height, 'S');
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb, lineWidth = 0.2, dash?: number[]): void {
    this.doc.setDrawColor(color[0], color[1], color[2]);
    this.doc.setLineWidth(lineWidth);
    if (dash) this.doc.setLineDashPattern(dash, 0);
    this.doc.line(x1, y1, x2, y2);
    if (dash) this.doc.setLineDashPattern([], 0);
  }

  dot(x: number, y: number, radius: number, color: Rgb): void {
    this.doc.setFillColor(color[0], color[1], color[2]);
    this.doc.circle(x, y, radius, 'F');
  }
}
