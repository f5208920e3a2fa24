import * as z from 'zod/mini';
import { ApiRequestError, apiRequest } from '../api/http.ts';

/**
 * The back office's calls (back-office §7), each checked with a schema of what the page reads. Admin
 * pages call these; the token comes from local storage (apiRequest).
 */

const envelope = <Data extends z.ZodMiniType>(data: Data) =>
  z.object({ success: z.boolean(), data, message: z.optional(z.string()) });
const done = z.object({ success: z.boolean(), message: z.optional(z.string()) });

const uploadedFileSchema = z.object({
  id: z.number(),
  company_code: z.string(),
  company_name: z.string(),
  file_name: z.string(),
  report_type: z.string(),
  year: z.nullable(z.string()),
  size: z.number(),
  status: z.string(),
  upload_time: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

const companyStatusSchema = z.object({
  code: z.string(),
  name: z.string(),
  industry: z.string(),
  report_types: z.array(z.string()),
  completeness: z.string(),
  complete: z.boolean(),
  valued: z.boolean(),
  analyzed: z.boolean(),
});
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

const statusSchema = envelope(
  z.object({
    unvalued_companies: z.array(z.string()),
    unanalyzed_companies: z.array(z.string()),
    statistics: z.object({
      total_companies: z.number(),
      unvalued_count: z.number(),
      unanalyzed_count: z.number(),
      complete_count: z.number(),
    }),
    companies: z.array(companyStatusSchema),
  }),
);
export type CompaniesStatus = z.infer<typeof statusSchema>['data'];

const uploadResultSchema = z.object({
  filename: z.string(),
  success: z.boolean(),
  error: z.optional(z.nullable(z.string())),
  company: z.optional(z.string()),
  report_type: z.optional(z.string()),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

const uploadAnswerSchema = z.object({
  success: z.boolean(),
  uploaded_files: z.array(uploadResultSchema),
  affected_companies: z.array(z.string()),
  message: z.optional(z.string()),
});
export type UploadAnswer = z.infer<typeof uploadAnswerSchema>;

const batchSchema = z.object({
  success: z.boolean(),
  data: z.object({
    successful_companies: z.array(z.string()),
    failed: z.array(z.object({ company: z.string(), reason: z.string() })),
  }),
  summary: z.object({ success_count: z.number(), failure_count: z.number(), companies_analyzed: z.number() }),
  message: z.optional(z.string()),
});

const jobStartSchema = envelope(z.object({ job_id: z.string(), total: z.number() }));
const jobSchema = envelope(
  z.object({
    id: z.string(),
    kind: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    done: z.number(),
    total: z.number(),
    result: z.nullable(z.unknown()),
    error: z.nullable(z.string()),
  }),
);
export type Job = z.infer<typeof jobSchema>['data'];

export const listFiles = () =>
  apiRequest('/api/files', { schema: z.object({ success: z.boolean(), files: z.array(uploadedFileSchema) }) }).then(
    (body) => body.files,
  );
export const deleteFile = (id: number) => apiRequest(`/api/files/${id}`, { method: 'DELETE', schema: done });
export const deleteCompany = (company: string) =>
  apiRequest(`/api/delete_company/${encodeURIComponent(company)}`, { method: 'DELETE', schema: done });
export const companiesStatus = () =>
  apiRequest('/api/data/companies-status', { schema: statusSchema }).then((body) => body.data);
export const valueCompanyNow = (company: string) =>
  apiRequest(`/api/valuation/company/${encodeURIComponent(company)}`, {
    method: 'POST',
    body: { calculation_type: 'full', force_recalculate: true },
    schema: done,
    timeoutMs: 60_000,
  });
export const analyzeCompanyNow = (company: string) =>
  apiRequest('/api/execute-script', {
    method: 'POST',
    body: { script_type: 'post_analysis', mode: 'fcf_ratio', company_name: company, force_recalculate: true },
    schema: batchSchema,
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
  return apiRequest(request.path, { method: 'POST', body: request.body, schema: jobStartSchema }).then(
    (body) => body.data,
  );
}

const readJob = (id: string) => apiRequest(`/api/jobs/${id}`, { schema: jobSchema }).then((body) => body.data);

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
 * Uploads statement files with real progress (XMLHttpRequest reports upload bytes; fetch does not).
 * Resolves with the server's answer, for all-failed (400) answers too.
 */
export function uploadStatementFiles(
  files: readonly File[],
  token: string | null,
  onProgress: (fraction: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const file of files) form.append('files', file);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/upload_excel');
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
      const parsed = uploadAnswerSchema.safeParse(body);
      if (parsed.success) return resolve(parsed.data);
      const message =
        body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : null;
      reject(new ApiRequestError('http', message ?? `HTTP ${request.status}: 上传失败`, request.status));
    };
    request.onerror = () => reject(new ApiRequestError('network', '网络连接失败，请检查网络'));
    request.send(form);
  });
}
