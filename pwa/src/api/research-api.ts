import { type PdfCategory, type PdfFile, pdfCategoriesAnswer, pdfFilesAnswer } from '@fcf/engine/contract';
import { ApiRequestError, apiRequest } from './http.ts';
import { getToken } from './session.ts';

/**
 * The research-PDF calls both pages read: categories, file lists and a file's bytes. The admin writes are
 * in admin/pdf/pdf-admin-api.ts.
 */

export type { PdfCategory, PdfFile };

const unwrap = <Item>(answer: { data: Item[] }): Item[] => answer.data;

export const fetchCategories = (): Promise<PdfCategory[]> =>
  apiRequest('/api/pdf-menu-categories', { schema: pdfCategoriesAnswer }).then(unwrap);

/** Every file, newest first. */
export const fetchAllFiles = (): Promise<PdfFile[]> =>
  apiRequest('/api/pdf-files/list', { schema: pdfFilesAnswer }).then(unwrap);

/** The files of a category: −1 all, 0 uncategorised, otherwise its id. */
export const fetchFiles = (categoryId: number): Promise<PdfFile[]> =>
  apiRequest(`/api/pdf-files?category_id=${categoryId}`, { schema: pdfFilesAnswer }).then(unwrap);

/** Where a file's bytes are served (the same bytes as /api/pdf-preview/serve/{filename}). */
export function pdfFileUrl(id: number, download = false): string {
  return `/api/pdf-files/${id}${download ? '?download=1' : ''}`;
}

/** The app's viewer page for a file (it opens in a new tab; mobile browsers do not show PDFs inline). */
export function viewerUrl(id: number): string {
  return `/pdf-viewer?id=${id}`;
}

export interface FetchedPdf {
  readonly id: number;
  readonly filename: string;
  readonly size: number;
  readonly sha256: string;
  readonly upload_time: string;
  readonly data: ArrayBuffer;
}

/** The name in `filename*=UTF-8''…` (else `filename="…"`) of a Content-Disposition header. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

const PDF_FETCH_TIMEOUT_MS = 120_000;

/** Fetches a stored PDF's bytes and what the response says about it (name, ETag = SHA-256, time). */
export async function fetchPdf(id: number, signal?: AbortSignal): Promise<FetchedPdf> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PDF_FETCH_TIMEOUT_MS);
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  let response: Response;
  try {
    const token = getToken();
    response = await fetch(pdfFileUrl(id), {
      signal: controller.signal,
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    });
  } catch {
    clearTimeout(timer);
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    throw new ApiRequestError('network', '网络连接失败，请检查网络');
  }
  try {
    if (!response.ok) {
      const status = response.status;
      const message = status === 404 ? '文件不存在或已删除' : `文件加载失败 (${status})`;
      throw new ApiRequestError('http', message, status);
    }
    const data = await response.arrayBuffer();
    const modified = Date.parse(response.headers.get('Last-Modified') ?? '');
    return {
      id,
      filename: dispositionName(response.headers.get('Content-Disposition')) ?? `research-${id}.pdf`,
      size: data.byteLength,
      sha256: (response.headers.get('ETag') ?? '').replace(/^W\//, '').replace(/"/g, ''),
      upload_time: new Date(Number.isNaN(modified) ? Date.now() : modified).toISOString(),
      data,
    };
  } finally {
    clearTimeout(timer);
  }
}
