import { ApiRequestError } from '../../api/http.ts';

/** The company list's failure messages, for the list modal and the search bar. */
export function companyListErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return '获取公司列表失败';
  if (error.kind === 'network' || error.kind === 'timeout') return '网络连接失败';
  if (error.kind === 'format') return '公司列表数据格式错误';
  if (error.status === 404) return 'API服务未找到';
  if (error.status !== null && error.status >= 500) return '服务器错误';
  if (error.status !== null) return `请求错误 (${error.status})`;
  return '获取公司列表失败';
}
