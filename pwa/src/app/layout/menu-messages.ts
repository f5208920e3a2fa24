import { ApiRequestError } from '../../api/http.ts';

/** Why the menu could not be loaded, by failure (docs/requirements.md#messages). */
export function menuLoadMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return '菜单加载失败';
  if (error.kind === 'network' || error.kind === 'timeout') return '网络连接失败';
  if (error.kind === 'format') return '菜单加载失败：数据格式错误';
  if (error.status === 404) return '菜单接口不存在，请检查后端配置';
  if (error.status !== null && error.status >= 500) return '服务器错误，请稍后重试';
  return `请求错误 (${error.status})：${error.detail ?? error.message}`;
}
