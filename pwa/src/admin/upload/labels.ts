import { REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from '@fcf/engine';
import { ApiRequestError } from '../../api/http.ts';

function isReportType(key: string): key is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(key);
}

/** 'income_statement,cash_flow' (a file may hold several statements) → '利润表、现金流量表'. */
export function reportTypeText(keys: string): string {
  const labels = keys
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => (isReportType(key) ? REPORT_TYPE_LABELS[key] : key));
  return labels.length > 0 ? labels.join('、') : '-';
}

const minuteFormat = new Intl.DateTimeFormat('zh-CN', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO time as zh-CN date and time to the minute: '2025/03/08 14:05'. */
export function formatMinute(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso || '-' : minuteFormat.format(time);
}

/** The text to show for a failed call: the server's message when there is one. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '未知错误';
}

/** The company-status call's failures (back-office §8): 404 → contact the admin, 5xx → server error. */
export function companiesStatusError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return '获取公司状态失败：接口不存在，请联系管理员';
    if (error.status !== null && error.status >= 500)
      return `获取公司状态失败：服务器错误（${error.status}），请稍后重试`;
    if (error.kind === 'network') return '连接服务器失败，请检查网络后重试';
  }
  return `获取公司状态失败：${errorText(error)}`;
}

/** File delete failures (back-office §8). */
export function fileDeleteError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return '文件不存在或已删除';
    if (error.status !== null && error.status >= 500) return '服务器错误，请稍后重试';
    if (error.kind === 'network') return '网络连接失败，请检查网络';
  }
  return `删除失败，请重试：${errorText(error)}`;
}
