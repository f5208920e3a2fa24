/**
 * The few jsPDF methods the report uses, as a structural type: the engine draws the PDF without
 * importing jspdf (it stays pure), and the caller passes the real `jsPDF` class in (dependency injection).
 * jsPDF's own class satisfies these types; the browser lazy-loads it, the server imports it.
 */

export type TextAlign = 'left' | 'center' | 'right';

export interface JsPdfTextOptions {
  readonly align?: TextAlign;
}

/** Fill ('F'), stroke ('S') or both ('FD'). */
export type PathStyle = 'F' | 'S' | 'FD';

export interface JsPdfDocument {
  addFileToVFS(fileName: string, data: string): unknown;
  addFont(fileName: string, fontName: string, fontStyle: string): unknown;
  setFont(fontName: string, fontStyle?: string): unknown;
  setFontSize(size: number): unknown;
  setTextColor(r: number, g: number, b: number): unknown;
  setDrawColor(r: number, g: number, b: number): unknown;
  setFillColor(r: number, g: number, b: number): unknown;
  setLineWidth(width: number): unknown;
  setLineDashPattern(dashArray: number[], dashPhase: number): unknown;
  /** Width of the text in the current font and size, in the document's unit (mm). */
  getTextWidth(text: string): number;
  text(text: string, x: number, y: number, options?: JsPdfTextOptions): unknown;
  line(x1: number, y1: number, x2: number, y2: number): unknown;
  rect(x: number, y: number, width: number, height: number, style?: PathStyle): unknown;
  circle(x: number, y: number, radius: number, style?: PathStyle): unknown;
  addPage(): unknown;
  setPage(page: number): unknown;
  getNumberOfPages(): number;
  setProperties(properties: { title?: string; subject?: string; author?: string; creator?: string }): unknown;
  output(type: 'arraybuffer'): ArrayBuffer;
}

export interface JsPdfOptions {
  readonly orientation: 'portrait';
  readonly unit: 'mm';
  readonly format: 'a4';
  readonly compress: boolean;
}

/** `jsPDF` from the jspdf package (v4) fits this. */
export type JsPdfConstructor = new (options: JsPdfOptions) => JsPdfDocument;

/** What buildReportPdf needs from outside the engine. */
export interface ReportPdfDeps {
  readonly jsPDF: JsPdfConstructor;
  /** The TrueType (glyf) font with the Chinese glyphs, base64: `wqy-microhei-gb2312.ttf`. */
  readonly fontBase64: string;
}

export type { Rgb } from '../report/tone.ts';
