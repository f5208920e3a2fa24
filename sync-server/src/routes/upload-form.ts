import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError, errorBody } from '../http/errors.ts';
import { INGEST_LIMITS } from '../ingest/index.ts';
import { storedFileName } from '../store/uploaded-files.ts';

/** Upload limits (README): per file, per request, and files per request. */
export const UPLOAD_LIMITS = {
  maxFileBytes: INGEST_LIMITS.fileBytes,
  maxRequestBytes: 100 * 1024 * 1024,
  maxFiles: 200,
  extensions: ['.xls', '.xlsx', '.csv'],
} as const;

export const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_LIMITS.maxRequestBytes,
  onError: (c) => c.json(errorBody('上传内容过大：单次上传合计不超过 100 MB'), 413),
});

/** An uploaded file's name as every answer, log and row shows it: cleaned and capped (`storedFileName`). */
export function uploadedFileName(file: File): string {
  return storedFileName(file.name);
}

export function hasAllowedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_LIMITS.extensions.some((extension) => lower.endsWith(extension));
}

export interface UploadForm {
  readonly files: File[];
  /** A text field of the form, undefined when absent or blank. */
  readonly text: (name: string) => string | undefined;
}

/** The multipart form of an upload: its files (field `files`, or `file`) and its text fields. */
export async function readUploadForm(c: Context<AppEnv>): Promise<UploadForm> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, '上传格式错误：请以 multipart/form-data 上传，字段名 files');
  }
  const field = body.files ?? body.file;
  const files = (Array.isArray(field) ? field : [field]).filter((value): value is File => value instanceof File);
  if (files.length === 0) throw new ApiError(400, '请选择要上传的文件（字段名 files）');
  if (files.length > UPLOAD_LIMITS.maxFiles) {
    throw new ApiError(413, `一次最多上传 ${UPLOAD_LIMITS.maxFiles} 个文件`);
  }
  const text = (name: string) => {
    const value = body[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  return { files, text };
}
