import type { InputIssue } from '@fcf/engine';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** What an error answer may carry besides its message: a stable code, and the refused inputs. */
export interface ErrorExtra {
  readonly code?: string;
  readonly issues?: readonly InputIssue[];
}

/** A failure with the HTTP status and the Chinese message a person can act on. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly detail: string;
  /** Headers the answer carries, such as `Retry-After` on a 429. */
  readonly headers: Readonly<Record<string, string>>;
  readonly extra: ErrorExtra;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    detail?: string,
    headers: Readonly<Record<string, string>> = {},
    extra: ErrorExtra = {},
  ) {
    super(message);
    this.status = status;
    this.detail = detail ?? message;
    this.headers = headers;
    this.extra = extra;
  }
}

export function errorBody(message: string, detail?: string, extra: ErrorExtra = {}) {
  return { success: false as const, message, detail: detail ?? message, ...extra };
}

export function errorResponse(c: Context, status: ContentfulStatusCode, message: string, detail?: string) {
  return c.json(errorBody(message, detail), status);
}

/** How an answer names its request, so a person can quote it and the log line can be found. */
export function requestReference(requestId: string): string {
  return `请求编号 ${requestId}`;
}

export const MESSAGES = {
  notFound: '接口不存在，请检查请求地址',
  unauthorized: '未登录或登录已过期，请重新登录',
  forbidden: '无权限访问，请以管理员身份登录',
  internal: '服务器内部错误，请联系技术支持',
  databaseUnavailable: '数据库暂时无法连接，请稍后重试',
  bodyTooLarge: '请求体过大',
  invalidJson: '请求格式错误：需要 JSON',
  notJson: '不支持的请求格式：请以 JSON 提交（Content-Type: application/json）',
  companyNotFound: (company: string) => `未找到公司"${company}"的数据，请确认名称或代码`,
  noHistory: '该公司暂无历史财务数据，无法生成预测',
} as const;
