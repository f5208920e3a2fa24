import { MIN_PDF_BYTES, reportPdfFileName } from '@fcf/engine/pdf';

/**
 * The pure parts of the PDF download area: the progress state machine, the
 * file name, the size check, the server's error messages, and base64 of the font bytes.
 */

export { base64FromBytes, PdfResourceError } from '../../lib/pdf-resources.ts';

/** The progress ticks every 800 ms, rises at random up to 80 until the PDF is done. */
export const PDF_PROGRESS_TICK_MS = 800;
export const PDF_PROGRESS_MAX = 80;
/** The largest random rise of one tick (percentage points). */
const PDF_PROGRESS_STEP = 15;
/** At 100 the bar stays 1 s, then the area is idle again. */
export const PDF_RESET_DELAY_MS = 1000;
/** An error shows 5 s, then clears. */
export const PDF_ERROR_MS = 5000;

export const MESSAGES = {
  noCompany: '请先选择一家公司',
  tooSmall: 'PDF生成失败，文件过小，请重试',
  unavailable: 'PDF服务暂时不可用',
  internal: '服务器内部错误，请联系技术支持',
  noEndpoint: 'PDF生成接口不存在',
  network: '网络连接失败',
  timeout: '请求超时，请稍后重试',
} as const;

export type PdfState =
  | { readonly status: 'idle' }
  | { readonly status: 'generating'; readonly progress: number }
  | { readonly status: 'done'; readonly progress: 100 }
  | { readonly status: 'error'; readonly message: string };

export type PdfAction =
  | { readonly type: 'start' }
  /** `random` in [0, 1): how much of a full step this tick rises. */
  | { readonly type: 'tick'; readonly random: number }
  | { readonly type: 'complete' }
  | { readonly type: 'fail'; readonly message: string }
  | { readonly type: 'reset' };

export const PDF_IDLE: PdfState = { status: 'idle' };

/** One tick: a random rise, never past 80 (the last 20 belong to completion). */
export function nextProgress(progress: number, random: number): number {
  const rise = Math.max(0, Math.min(1, random)) * PDF_PROGRESS_STEP;
  return Math.min(PDF_PROGRESS_MAX, progress + rise);
}

/** idle → generating (ticks) → done (100) → idle after 1 s; any step → error → idle after 5 s. */
export function pdfReducer(state: PdfState, action: PdfAction): PdfState {
  switch (action.type) {
    case 'start':
      return state.status === 'generating' ? state : { status: 'generating', progress: 0 };
    case 'tick':
      return state.status === 'generating'
        ? { status: 'generating', progress: nextProgress(state.progress, action.random) }
        : state;
    case 'complete':
      return state.status === 'generating' ? { status: 'done', progress: 100 } : state;
    case 'fail':
      return { status: 'error', message: action.message };
    case 'reset':
      // A timer of the previous run must not clear a new one.
      return state.status === 'generating' ? state : PDF_IDLE;
  }
}

export function isGenerating(state: PdfState): boolean {
  return state.status === 'generating';
}

/** The bar's width, or null when no bar shows. */
export function progressOf(state: PdfState): number | null {
  return state.status === 'generating' || state.status === 'done' ? state.progress : null;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** '20260501_143005' in the reader's local time. */
function timestampSuffix(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

/** '美的集团-财务分析报告_20260501_143005.pdf' (the default name with a date and time suffix). */
export function pdfDownloadName(company: string, date: Date): string {
  return reportPdfFileName(company).replace(/\.pdf$/, `_${timestampSuffix(date)}.pdf`);
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first), or null. */
export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || null;
}

/** A PDF under 1000 bytes is a failure. */
export function pdfSizeProblem(bytes: number): string | null {
  return bytes < MIN_PDF_BYTES ? MESSAGES.tooSmall : null;
}

/**
 * 503, 500 and 404 have fixed messages; any other status uses the server's message or detail,
 * else '生成失败 (HTTP code)'. A 404 that names a company (this API's unknown-company answer) keeps it.
 */
export function pdfErrorMessage(status: number, body: unknown): string {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const text = (key: string) => (typeof record[key] === 'string' && record[key] ? (record[key] as string) : null);
  if (status === 503) return MESSAGES.unavailable;
  if (status === 500) return MESSAGES.internal;
  if (status === 404)
    return text('message')?.startsWith('未找到公司') ? (text('message') as string) : MESSAGES.noEndpoint;
  // This API's message is the sentence for people; its detail may be technical.
  return text('message') ?? text('detail') ?? `生成失败 (HTTP ${status})`;
}
