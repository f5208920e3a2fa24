import { buildReportPdf, REPORT_VERSION } from '@fcf/engine/pdf';
import type { CompanyReport } from '@fcf/engine/report';
import { loadJsPdf, loadReportFont } from '../../lib/pdf-resources.ts';
import { pdfDownloadName } from './pdf-download.ts';
import type { PdfFile } from './pdf-file.ts';

/**
 * Making the PDF in the browser. This module is loaded only on a click (dynamic import), so the engine's
 * PDF layout, jspdf and the font stay out of the first screen's bundle.
 */

/** The report as a PDF made by the engine's layout: works offline once the font is cached. */
export async function generatePdfInBrowser(report: CompanyReport, now: Date): Promise<PdfFile> {
  const [jsPDF, font] = await Promise.all([loadJsPdf(), loadReportFont()]);
  const bytes = buildReportPdf({ jsPDF, fontBase64: font }, report, { generatedAt: now, version: REPORT_VERSION });
  return { bytes, fileName: pdfDownloadName(report.company.name, now) };
}
