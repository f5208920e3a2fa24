import { safeParse } from 'zod/mini';
import type { $ZodType, output } from 'zod/v4/core';
import { getToken } from './session.ts';

/** The API timeout (docs/requirements.md#api). */
export const API_TIMEOUT_MS = 10_000;

export type RequestFailure = 'network' | 'timeout' | 'http' | 'format';

/** A failed call: no answer, a timeout, an HTTP error status, or an answer of the wrong shape. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  constructor(
    readonly kind: RequestFailure,
    message: string,
    readonly status: number | null = null,
    /** The server's `detail` (or `message`), when it sent one. */
    readonly detail: string | null = null,
    /** The refusal's stable `code`, when the server sent one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

interface SendOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Sees the answer's headers before its body is read (a download's size for a progress bar). */
  readonly onHeaders?: (headers: Headers) => void;
  /** The token to send instead of the stored one (a sign-out sends the token it has just forgotten). */
  readonly token?: string;
  /** The answer of this request already asked for (a GET started before the page's code ran), read instead. */
  readonly response?: Promise<Response>;
}

interface RequestOptions<Schema extends $ZodType> extends SendOptions {
  readonly schema: Schema;
}

function serverText(body: unknown): { message: string | null; detail: string | null; code: string | null } {
  if (!body || typeof body !== 'object') return { message: null, detail: null, code: null };
  const record = body as Record<string, unknown>;
  const message = typeof record.message === 'string' ? record.message : null;
  const detail = typeof record.detail === 'string' ? record.detail : message;
  return { message, detail, code: typeof record.code === 'string' ? record.code : null };
}

/**
 * Sends a request to `/api/...` with the stored token and a 10 s timeout for its answer's headers. Throws
 * ApiRequestError; on an error status the message is the server's Chinese message when it gave one.
 */
async function send(path: string, options: SendOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('timeout', 'TimeoutError')),
    options.timeoutMs ?? API_TIMEOUT_MS,
  );
  options.signal?.addEventListener('abort', () => controller.abort(options.signal?.reason), { once: true });
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await (options.response ??
      fetch(path, {
        method: options.method ?? 'GET',
        headers,
        signal: controller.signal,
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      }));
  } catch (error) {
    const timedOut =
      controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
    if (timedOut) throw new ApiRequestError('timeout', '请求超时，请稍后重试');
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError('network', '网络连接失败');
  } finally {
    clearTimeout(timer);
  }
  options.onHeaders?.(response.headers);
  if (!response.ok) {
    const { message, detail, code } = serverText(await response.json().catch(() => null));
    throw new ApiRequestError('http', message ?? `请求错误 (${response.status})`, response.status, detail, code);
  }
  return response;
}

/**
 * Calls `/api/...` with the stored token, a 10 s timeout and a check of the answer against the API
 * contract's schema (`@fcf/engine/report`). Throws ApiRequestError; the message is the server's Chinese
 * message when it gave one.
 */
export async function apiRequest<Schema extends $ZodType>(
  path: string,
  options: RequestOptions<Schema>,
): Promise<output<Schema>> {
  const response = await send(path, options);
  const body: unknown = await response.json().catch(() => null);
  const parsed = safeParse(options.schema, body);
  if (!parsed.success) throw new ApiRequestError('format', '数据格式错误', response.status, String(parsed.error));
  return parsed.data;
}

/**
 * The answer's bytes as they came, for a caller that checks them against the contract elsewhere (a page of
 * the offline download, checked and stored in a worker): as `apiRequest` but without reading the JSON.
 */
export async function apiBytes(path: string, options: SendOptions = {}): Promise<ArrayBuffer> {
  const response = await send(path, options);
  try {
    return await response.arrayBuffer();
  } catch {
    throw new ApiRequestError('network', '网络连接失败');
  }
}

/** Why a report could not be loaded, by failure (docs/requirements.md#messages). */
export function reportLoadMessage(error: unknown, company: string): string {
  if (!(error instanceof ApiRequestError)) return error instanceof Error ? error.message : '未知错误';
  if (error.kind === 'network' || error.kind === 'timeout') return '网络连接失败，请检查网络后重试';
  if (error.kind === 'format') return '数据格式错误，请稍后重试';
  if (error.status === 404) return `公司"${company}"的数据不存在`;
  if (error.status === 500) return '服务器内部错误，请联系技术支持';
  if (error.status === 503) return '财务数据服务暂时不可用，请稍后重试';
  return `网络错误 (${error.status})：${error.detail ?? error.message}`;
}
