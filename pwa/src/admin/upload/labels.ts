import { REPORT_TYPE_LABELS, REPORT_TYPES, type ReportType } from '@fcf/engine';
import { ApiRequestError } from '../../api/http.ts';
import { errorText } from '../admin-messages.ts';

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

/** File delete failures. */
export function fileDeleteError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return '文件不存在或已删除';
    if (error.status !== null && error.status >= 500) return '服务器错误，请稍后重试';
    if (error.kind === 'network') return '网络连接失败，请检查网络';
  }
  return `删除失败，请重试：${errorText(error)}`;
}
