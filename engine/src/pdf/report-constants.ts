/**
 * The report's constants, apart from the layout: the PWA's first screen imports these while the layout
 * (report-pdf.ts and what it draws with) loads only when a PDF is made.
 */

/** The report version printed on the cover. */
export const REPORT_VERSION = '3.3.0-optimized';
/** The font's file name in jsPDF's virtual file system. */
export const REPORT_FONT_FILE = 'wqy-microhei-gb2312.ttf';
/** The name the report draws with. */
export const REPORT_FONT_NAME = 'wqy';
/** A PDF under 1000 bytes is a failed one. */
export const MIN_PDF_BYTES = 1000;

/** '美的集团-财务分析报告.pdf', before any date suffix. */
export function reportPdfFileName(company: string): string {
  return `${company}-财务分析报告.pdf`;
}
