import {
  type AdminChoiceBody,
  adminChoiceAnswer,
  batchAnswer,
  companiesStatusAnswer,
  doneAnswer,
  type Job,
  jobAnswer,
  jobStartedAnswer,
  type QuoteUploadAnswer,
  quoteSnapshotsAnswer,
  quoteUploadAnswer,
  type UploadAnswer,
  uploadAnswer,
  uploadedFilesAnswer,
} from '@fcf/engine/contract';
import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { ApiRequestError, apiRequest } from '../api/http.ts';

/**
 * The back office's calls, each answer checked with the API contract's schema (`@fcf/engine/contract`). Admin
 * pages call these; the token comes from local storage (apiRequest).
 */

export type {
  CompaniesStatus,
  CompanyStatus,
  Job,
  UploadAnswer,
  UploadedFile,
  UploadedFileResult as UploadResult,
} from '@fcf/engine/contract';

export const listFiles = () => apiRequest('/api/files', { schema: uploadedFilesAnswer }).then((body) => body.files);
export const deleteFile = (id: number) => apiRequest(`/api/files/${id}`, { method: 'DELETE', schema: doneAnswer });
export const deleteCompany = (company: string) =>
  apiRequest(`/api/delete_company/${encodeURIComponent(company)}`, { method: 'DELETE', schema: doneAnswer });
export const companiesStatus = () =>
  apiRequest('/api/data/companies-status', { schema: companiesStatusAnswer }).then((body) => body.data);
export const valueCompanyNow = (company: string) =>
  apiRequest(`/api/valuation/company/${encodeURIComponent(company)}`, {
    method: 'POST',
    body: { calculation_type: 'full', force_recalculate: true },
    schema: doneAnswer,
    timeoutMs: 60_000,
  });
export const analyzeCompanyNow = (company: string) =>
  apiRequest('/api/execute-script', {
    method: 'POST',
    body: { script_type: 'post_analysis', mode: 'fcf_ratio', company_name: company, force_recalculate: true },
    schema: batchAnswer,
    timeoutMs: 60_000,
  });

/** Starts a batch as a job (valuation of the given or unvalued companies, or the FCF-ratio analysis). */
export function startBatch(kind: 'valuation' | 'fcf_ratio', companies: readonly string[] | null) {
  const request =
    kind === 'valuation'
      ? { path: '/api/valuation/auto', body: { mode: companies ? 'force_all' : 'unvalued', companies, async: true } }
      : {
          path: '/api/execute-script',
          body: { script_type: 'post_analysis', mode: 'fcf_ratio', company_name: null, async: true },
        };
  return apiRequest(request.path, { method: 'POST', body: request.body, schema: jobStartedAnswer }).then(
    (body) => body.data,
  );
}

const readJob = (id: string) => apiRequest(`/api/jobs/${id}`, { schema: jobAnswer }).then((body) => body.data);

/** Polls a job until it ends, reporting progress; resolves with the finished job. */
export async function followJob(id: string, onProgress: (job: Job) => void, intervalMs = 400): Promise<Job> {
  for (;;) {
    const job = await readJob(id);
    onProgress(job);
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * POSTs files (multipart field `files`, plus any form fields) with real upload progress (XHR: fetch has no
 * upload progress), the answer checked with `schema`; any answer of that shape resolves, whatever its
 * status (the upload answers say per file what went wrong).
 */
function postFiles<Schema extends $ZodType>(
  path: string,
  files: readonly File[],
  fields: Readonly<Record<string, string>>,
  schema: Schema,
  token: string | null,
  onProgress: (fraction: number) => void,
): Promise<output<Schema>> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('files', file);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const request = new XMLHttpRequest();
    request.open('POST', path);
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // handled below
      }
      const parsed = safeParse(schema, body);
      if (parsed.success) return resolve(parsed.data);
      const message =
        body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : null;
      reject(new ApiRequestError('http', message ?? `HTTP ${request.status}: 上传失败`, request.status));
    };
    request.onerror = () => reject(new ApiRequestError('network', '网络连接失败，请检查网络'));
    request.send(form);
  });
}

/**
 * Uploads statement files; `units` are the form fields of the amount units chosen for files that state
 * none (`unit`, or `unit:<file name>`). A 422 (units needed) resolves with its answer, as any other.
 */
export function uploadStatementFiles(
  files: readonly File[],
  token: string | null,
  onProgress: (fraction: number) => void,
  units: Readonly<Record<string, string>> = {},
): Promise<UploadAnswer> {
  return postFiles('/api/upload_excel', files, units, uploadAnswer, token, onProgress);
}

/** Uploads quote snapshot files (the date, when given, applies to every file). */
export function uploadQuoteFiles(
  files: readonly File[],
  date: string | null,
  token: string | null,
  onProgress: (fraction: number) => void,
): Promise<QuoteUploadAnswer> {
  return postFiles('/api/upload_quotes', files, date ? { date } : {}, quoteUploadAnswer, token, onProgress);
}

/** The quote history by date, newest first. */
export const quoteSnapshots = () =>
  apiRequest('/api/admin/quote-snapshots', { schema: quoteSnapshotsAnswer }).then((body) => body.data);

/**
 * Sets the admin's marks on the company's own lines (其他收益 operating, 其他流动资产 cash-like; the marks not
 * given keep their stored value): the server stores them and revalues (docs/model.md §7).
 */
export const markAdminChoices = (company: string, marks: AdminChoiceBody) =>
  apiRequest(`/api/admin/admin-choices/${encodeURIComponent(company)}`, {
    method: 'PUT',
    body: marks,
    schema: adminChoiceAnswer,
  });
