import { buildReportPdf, type JsPdfConstructor, REPORT_VERSION } from '@fcf/engine/pdf';
import type { CompanyReport } from '@fcf/engine/report';
import { base64FromBytes, MESSAGES, PdfResourceError, pdfDownloadName } from './pdf-download.ts';
import type { PdfFile } from './pdf-file.ts';

/**
 * Making the PDF in the browser. This module is loaded only on a click (dynamic import), so the engine's
 * PDF layout, jspdf and the font stay out of the first screen's bundle.
 */

/** The report font (pwa/public/fonts), precached by the service worker for offline PDFs. */
const REPORT_FONT_URL = '/fonts/wqy-microhei-gb2312.ttf';

let fontBase64: Promise<string> | null = null;

/** The font as base64, fetched once per page load (1.3 MB; the service worker serves it offline). */
export function loadReportFont(fetcher: typeof fetch = fetch): Promise<string> {
  if (fontBase64) return fontBase64;
  const loading = (async () => {
    let response: Response;
    try {
      response = await fetcher(REPORT_FONT_URL);
    } catch {
      throw new PdfResourceError(MESSAGES.network);
    }
    if (!response.ok) throw new PdfResourceError(`字体加载失败 (HTTP ${response.status})`);
    return base64FromBytes(new Uint8Array(await response.arrayBuffer()));
  })();
  fontBase64 = loading;
  // A failure is not kept: the next click tries again.
  loading.catch(() => {
    if (fontBase64 === loading) fontBase64 = null;
  });
  return loading;
}

/** Forgets the cached font (tests). */
export function forgetReportFont(): void {
  fontBase64 = null;
}

async function loadJsPdf(): Promise<JsPdfConstructor> {
  try {
    const { jsPDF } = await import('jspdf');
    return jsPDF;
  } catch (error) {
    throw new PdfResourceError(error instanceof Error ? error.message : 'jspdf 加载失败');
  }
}

/** The report as a PDF made by the engine's layout: works offline once the font is cached. */
export async function generatePdfInBrowser(report: CompanyReport, now: Date): Promise<PdfFile> {
  const [jsPDF, font] = await Promise.all([loadJsPdf(), loadReportFont()]);
  const bytes = buildReportPdf({ jsPDF, fontBase64: font }, report, { generatedAt: now, version: REPORT_VERSION });
  return { bytes, fileName: pdfDownloadName(report.company.name, now) };
}
