import { ApiRequestError } from '../api/http.ts';

/** The text to show for a failed call: the server's message when there is one. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '未知错误';
}

/** The company-status call's failures: 404 → contact the admin, 5xx → server error. */
export function companiesStatusError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return '获取公司状态失败：接口不存在，请联系管理员';
    if (error.status !== null && error.status >= 500)
      return `获取公司状态失败：服务器错误（${error.status}），请稍后重试`;
    if (error.kind === 'network') return '连接服务器失败，请检查网络后重试';
  }
  return `获取公司状态失败：${errorText(error)}`;
}
