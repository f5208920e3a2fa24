import type { JsPdfDocument, JsPdfTextOptions, PathStyle, Rgb, TextAlign } from '../pdf-doc.ts';

/**
 * A jsPDF stand-in that records what the report draws, page by page, in order: text with its place, size
 * and colour, lines and rectangles with their colours. Glyphs are 0.35 mm per pt wide, so wrapping and
 * page breaks happen as with a real font of that width. Pass the class where buildReportPdf takes jsPDF.
 */

export type DrawOp =
  | {
      readonly kind: 'text';
      readonly page: number;
      readonly text: string;
      readonly x: number;
      readonly y: number;
      readonly size: number;
      readonly color: Rgb;
      readonly align: TextAlign;
    }
  | {
      readonly kind: 'line';
      readonly page: number;
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly color: Rgb;
      readonly width: number;
    }
  | {
      readonly kind: 'rect';
      readonly page: number;
      readonly style: PathStyle;
      readonly fill: Rgb;
      readonly stroke: Rgb;
    }
  | { readonly kind: 'page'; readonly page: number };

export class RecordingDoc implements JsPdfDocument {
  /** Every drawing call, in order (the page furniture is drawn last, page by page). */
  readonly ops: DrawOp[] = [];
  private page = 1;
  private pages = 1;
  private size = 10;
  private textColor: Rgb = [0, 0, 0];
  private drawColor: Rgb = [0, 0, 0];
  private fillColor: Rgb = [0, 0, 0];
  private lineWidth = 0.2;

  addFileToVFS(): void {}
  addFont(): void {}
  setFont(): void {}
  setFontSize(size: number): void {
    this.size = size;
  }
  setTextColor(r: number, g: number, b: number): void {
    this.textColor = [r, g, b];
  }
  setDrawColor(r: number, g: number, b: number): void {
    this.drawColor = [r, g, b];
  }
  setFillColor(r: number, g: number, b: number): void {
    this.fillColor = [r, g, b];
  }
  setLineWidth(width: number): void {
    this.lineWidth = width;
  }
  setLineDashPattern(): void {}
  getTextWidth(text: string): number {
    return [...text].length * this.size * 0.35;
  }
  text(text: string, x: number, y: number, options?: JsPdfTextOptions): void {
    const align = options?.align ?? 'left';
    this.ops.push({ kind: 'text', page: this.page, text, x, y, size: this.size, color: this.textColor, align });
  }
  line(x1: number, y1: number, x2: number, y2: number): void {
    this.ops.push({ kind: 'line', page: this.page, x1, y1, x2, y2, color: this.drawColor, width: this.lineWidth });
  }
  rect(_x: number, _y: number, _width: number, _height: number, style: PathStyle = 'S'): void {
    this.ops.push({ kind: 'rect', page: this.page, style, fill: this.fillColor, stroke: this.drawColor });
  }
  circle(): void {}
  addPage(): void {
    this.pages++;
    this.page = this.pages;
    this.ops.push({ kind: 'page', page: this.page });
  }
  setPage(page: number): void {
    this.page = page;
  }
  getNumberOfPages(): number {
    return this.pages;
  }
  setProperties(): void {}
  output(): ArrayBuffer {
    return new ArrayBuffer(0);
  }

  /** The text drawn on each page, in drawing order. */
  pageTexts(): { text: string; x: number; y: number }[][] {
    const pages: { text: string; x: number; y: number }[][] = Array.from({ length: this.pages }, () => []);
    for (const op of this.ops) if (op.kind === 'text') pages[op.page - 1]?.push({ text: op.text, x: op.x, y: op.y });
    return pages;
  }
}
