import { Busboy, type BusboyFileStream } from '@fastify/busboy';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError, errorBody } from '../http/errors.ts';
import { INGEST_LIMITS } from '../ingest/index.ts';
import { storedFileName } from '../store/uploaded-files.ts';

/** Upload limits (docs/api.md#limits): per file, per request, and files per request. */
export const UPLOAD_LIMITS = {
  maxFileBytes: INGEST_LIMITS.fileBytes,
  maxRequestBytes: 100 * 1024 * 1024,
  maxFiles: 200,
  extensions: ['.xls', '.xlsx', '.csv'],
} as const;

const BODY_TOO_LARGE = '上传内容过大：单次上传合计不超过 100 MB';
const NOT_MULTIPART = '上传格式错误：请以 multipart/form-data 上传，字段名 files';
const NO_FILES = '请选择要上传的文件（字段名 files）';
const TOO_MANY_FILES = `一次最多上传 ${UPLOAD_LIMITS.maxFiles} 个文件`;
/**
 * The form's text fields (a date, a unit, a unit per file: `unit:<file name>`) are short; these bound what a
 * hostile form can make us keep.
 */
const TEXT_FIELDS = UPLOAD_LIMITS.maxFiles + 20;
const TEXT_FIELD_BYTES = 4 * 1024;
/** A field's name holds a file name (`unit:<file name>`): room for a long one in UTF-8. */
const FIELD_NAME_BYTES = 1024;

/**
 * Refuses at once (413, before any of it is read) a body whose declared length is over the request
 * limit; a body without one (chunked) is counted as it streams in (readUploadForm).
 */
export const uploadBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > UPLOAD_LIMITS.maxRequestBytes) return c.json(errorBody(BODY_TOO_LARGE), 413);
  await next();
};

/** An uploaded file's name as every answer, log and row shows it: cleaned and capped (`storedFileName`). */
export function uploadedFileName(file: { name: string }): string {
  return storedFileName(file.name);
}

export function hasAllowedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_LIMITS.extensions.some((extension) => lower.endsWith(extension));
}

/** One file of an upload as received. */
export interface UploadedFile {
  readonly name: string;
  /** Its bytes (a buffer of its own, ready to hand to a worker), or undefined when over the file limit. */
  readonly bytes: ArrayBuffer | undefined;
  /** Bytes received, counted up to just past the file limit. */
  readonly size: number;
}

export interface UploadForm {
  readonly files: UploadedFile[];
  /** A text field of the form, undefined when absent or blank. */
  readonly text: (name: string) => string | undefined;
}

/**
 * The multipart form of an upload — its files (field `files`, or `file`) and its text fields — read as
 * the body streams in: each chunk is parsed as it arrives, so a large body never holds the event loop;
 * a file is kept only up to the file limit (the rest is counted and dropped), and the body stops being
 * read, with a 413, the moment it passes the request limit.
 */
export async function readUploadForm(c: Context<AppEnv>): Promise<UploadForm> {
  const contentType = c.req.header('content-type') ?? '';
  const body = c.req.raw.body;
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new ApiError(400, NOT_MULTIPART);
  if (!body) throw new ApiError(400, NO_FILES);
  const files: Promise<UploadedFile>[] = [];
  const fields = new Map<string, string>();
  let refusal: ApiError | undefined;
  let parser: ReturnType<typeof Busboy>;
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fileSize: UPLOAD_LIMITS.maxFileBytes,
        files: UPLOAD_LIMITS.maxFiles,
        fields: TEXT_FIELDS,
        fieldSize: TEXT_FIELD_BYTES,
        fieldNameSize: FIELD_NAME_BYTES,
      },
    });
  } catch {
    throw new ApiError(400, NOT_MULTIPART);
  }
  parser.on('file', (field, stream, filename) => {
    if (field !== 'files' && field !== 'file') {
      stream.resume();
      return;
    }
    // A part sent as a file without a file name (application/octet-stream) has none.
    const file = receiveFile(stream, filename ?? '');
    // Awaited once the body is read; a failure before then must not go unheard meanwhile.
    file.catch(() => undefined);
    files.push(file);
  });
  parser.on('field', (name, value) => {
    if (!fields.has(name)) fields.set(name, value);
  });
  parser.on('filesLimit', () => {
    refusal ??= new ApiError(413, TOO_MANY_FILES);
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('finish', resolve);
    parser.on('error', reject);
  });
  parsed.catch(() => undefined);
  const reader = body.getReader();
  let received = 0;
  let uploaded: UploadedFile[];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > UPLOAD_LIMITS.maxRequestBytes) refusal ??= new ApiError(413, BODY_TOO_LARGE);
      if (refusal) throw refusal;
      // Backpressure: the next chunk is read once the parser has taken this one (or has failed).
      if (!parser.write(value)) await Promise.race([new Promise((resolve) => parser.once('drain', resolve)), parsed]);
    }
    parser.end();
    await parsed;
    uploaded = await Promise.all(files);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, NOT_MULTIPART);
  } finally {
    // Not cancelled: the server drains what is left of the body after answering, so the answer gets out.
    reader.releaseLock();
  }
  if (refusal) throw refusal;
  if (uploaded.length === 0) throw new ApiError(400, NO_FILES);
  const text = (name: string) => {
    const value = fields.get(name);
    return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
  };
  return { files: uploaded, text };
}

/** Gathers one file's chunks into a buffer of its own; past the file limit it only counts. */
function receiveFile(stream: BusboyFileStream, name: string): Promise<UploadedFile> {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    stream.on('limit', () => {
      size = UPLOAD_LIMITS.maxFileBytes + 1;
      chunks.length = 0;
    });
    stream.on('error', reject);
    stream.on('end', () => {
      if (stream.truncated) {
        resolve({ name, bytes: undefined, size });
        return;
      }
      // Not Buffer.concat: a small result would share Node's buffer pool, and handing that to a worker
      // would take the pool with it.
      const bytes = new Uint8Array(size);
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      resolve({ name, bytes: bytes.buffer, size });
    });
  });
}
