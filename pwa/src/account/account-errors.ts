import type { RegistrationErrors } from '@fcf/engine/contract';
import { ApiRequestError } from '../api/http.ts';

/** Login failure text: the server's detail (a 429 says when to retry), else 登录失败. */
export function loginErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return '登录失败';
  if (error.kind === 'network' || error.kind === 'timeout') return '无法连接服务器，请检查网络连接';
  if (error.kind === 'http') return error.detail ?? '登录失败';
  return '登录失败';
}

export interface RegisterFailure {
  readonly message: string;
  /** Per-field problems the server found, when its detail lists them. */
  readonly fields: RegistrationErrors;
}

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;

/** The server answers a rejected registration with the field map as JSON in `detail`. */
function fieldErrors(detail: string): RegistrationErrors | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const record = parsed as Record<string, unknown>;
  const fields: RegistrationErrors = {};
  for (const field of FIELDS) {
    const text = record[field];
    if (typeof text === 'string') fields[field] = text;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/** Register failure text: detail or message, else 注册失败，请重试. */
export function registerFailure(error: unknown): RegisterFailure {
  if (!(error instanceof ApiRequestError)) return { message: '注册失败，请重试', fields: {} };
  if (error.kind === 'network' || error.kind === 'timeout') {
    return { message: '网络错误，请检查您的网络连接', fields: {} };
  }
  if (error.kind !== 'http' || !error.detail) return { message: '注册失败，请重试', fields: {} };
  const fields = fieldErrors(error.detail);
  return fields ? { message: error.message, fields } : { message: error.detail, fields: {} };
}
