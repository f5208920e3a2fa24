import { doneAnswer, type PdfCategory, pdfCategoryAnswer, pdfFileAnswer } from '@fcf/engine/contract';
import { apiRequest } from '../../api/http.ts';
import { getToken } from '../../api/session.ts';

/** The PDF manager's writes; reads are in api/research-api.ts. Admin token required. */

export const createCategory = (name: string, sortOrder: number) =>
  apiRequest('/api/pdf-menu-categories', {
    method: 'POST',
    body: { name, sort_order: sortOrder },
    schema: pdfCategoryAnswer,
  }).then((body) => body.data);

export const deleteCategory = (id: number) =>
  apiRequest(`/api/pdf-menu-categories/${id}`, { method: 'DELETE', schema: doneAnswer });

/** Posts the full ordered category array (numbered 1..n). */
export const saveCategoryOrder = (categories: readonly PdfCategory[]) =>
  apiRequest('/api/pdf-menu-categories/sort', {
    method: 'POST',
    body: categories.map(({ id, name, sort_order }) => ({ id, name, sort_order })),
    schema: doneAnswer,
  });

/** Moves a file to a category (null = uncategorised). */
export const moveFile = (id: number, categoryId: number | null) =>
  apiRequest(`/api/pdf-files/${id}/category`, {
    method: 'PUT',
    body: { category_id: categoryId },
    schema: pdfFileAnswer,
  });

export const deletePdfFile = (id: number) =>
  apiRequest(`/api/pdf-files/${id}`, { method: 'DELETE', schema: doneAnswer });

/** One file's upload outcome (docs/requirements.md#api): filename, success, error. */
export interface PdfUploadResult {
  readonly filename: string;
  readonly success: boolean;
  readonly error: string | null;
}

const PDF_UPLOAD_TIMEOUT_MS = 300_000;

/** Uploads one PDF (multipart, field `file`; one request per file). Never throws: failures are results. */
export async function uploadPdf(file: File): Promise<PdfUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PDF_UPLOAD_TIMEOUT_MS);
  try {
    const response = await fetch('/api/pdf-upload', {
      method: 'POST',
      body: form,
      signal: controller.signal,
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    });
    const body = (await response.json().catch(() => null)) as {
      success?: unknown;
      error?: unknown;
      message?: unknown;
    } | null;
    if (response.ok && body?.success === true) return { filename: file.name, success: true, error: null };
    const reason =
      (typeof body?.error === 'string' && body.error) ||
      (typeof body?.message === 'string' && body.message) ||
      (response.status >= 500 ? '服务器错误，请稍后重试' : `上传失败 (HTTP ${response.status})`);
    return { filename: file.name, success: false, error: reason };
  } catch {
    const timedOut = controller.signal.aborted;
    return { filename: file.name, success: false, error: timedOut ? '上传超时，请重试' : '网络连接失败，请检查网络' };
  } finally {
    clearTimeout(timer);
  }
}
