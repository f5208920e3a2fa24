import { REPORT_VERSION } from '@fcf/engine/pdf';
import type { CompanyReport } from '@fcf/engine/report';
import { API_TIMEOUT_MS } from '../../api/http.ts';
import { saveBlob } from '../../lib/save-file.ts';
import {
  fileNameFromContentDisposition,
  MESSAGES,
  PdfResourceError,
  pdfDownloadName,
  pdfErrorMessage,
} from './pdf-download.ts';

/** A PDF ready to save. */
export interface PdfFile {
  readonly bytes: ArrayBuffer;
  readonly fileName: string;
}

/** The PDF request (docs/requirements.md#api). */
export function pdfRequestBody(company: string, now: Date) {
  return {
    userId: company,
    reportType: 'standard',
    template: 'default',
    dataSnapshot: {
      companyName: company,
      generatedAt: now.toISOString(),
      requestSource: 'analysis-page',
      timestamp: now.getTime(),
      version: REPORT_VERSION,
    },
  };
}

/** POST /api/pdf/generate, each failure worded for the reader (docs/requirements.md#messages). */
export async function requestServerPdf(company: string, now: Date, fetcher: typeof fetch = fetch): Promise<PdfFile> {
  let response: Response;
  try {
    response = await fetcher('/api/pdf/generate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/pdf' },
      body: JSON.stringify(pdfRequestBody(company, now)),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new Error(timedOut ? MESSAGES.timeout : MESSAGES.network);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new Error(pdfErrorMessage(response.status, body));
  }
  const bytes = await response.arrayBuffer();
  const named = fileNameFromContentDisposition(response.headers.get('Content-Disposition'));
  // The server's plain name gets the date and time suffix, as the default name does (docs/requirements.md#api).
  const fileName = !named || named === `${company}-财务分析报告.pdf` ? pdfDownloadName(company, now) : named;
  return { bytes, fileName };
}

/** Whether the report on screen is the selected company's (the selection may be a name or a code). */
export function reportMatches(report: CompanyReport | null, company: string): report is CompanyReport {
  return report !== null && (report.company.name === company || report.company.code === company);
}

/**
 * The selected company's PDF: made in the browser from the report on screen (offline too); from the
 * server when that report is not there yet or the generator, jspdf or the font cannot be loaded.
 */
export async function makeCompanyPdf(
  company: string,
  report: CompanyReport | null,
  now: Date,
  fetcher: typeof fetch = fetch,
): Promise<PdfFile> {
  if (!reportMatches(report, company)) return requestServerPdf(company, now, fetcher);
  try {
    const { generatePdfInBrowser } = await import('./pdf-generate.ts');
    return await generatePdfInBrowser(report, now);
  } catch (error) {
    if (isUnloadable(error) && navigator.onLine !== false) return requestServerPdf(report.company.name, now, fetcher);
    throw isUnloadable(error) ? new Error(MESSAGES.network) : error;
  }
}

/** A lazy chunk that failed to load is a TypeError ('Failed to fetch dynamically imported module'). */
function isUnloadable(error: unknown): boolean {
  return error instanceof PdfResourceError || (error instanceof TypeError && /import|module/i.test(error.message));
}

/** The message a failed attempt shows: ours are Chinese sentences; anything else is named as a failure. */
export function pdfFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/[\u4e00-\u9fff]/.test(message)) return message;
  return message ? `PDF生成失败：${message}` : 'PDF生成失败，请重试';
}

/** Saves the PDF as a download. */
export function saveFile(file: PdfFile): void {
  saveBlob(new Blob([file.bytes], { type: 'application/pdf' }), file.fileName);
}
