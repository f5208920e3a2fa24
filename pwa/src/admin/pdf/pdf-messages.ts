import { ApiRequestError } from '../../api/http.ts';

/**
 * The PDF manager's failure texts: no answer → network; 5xx → server error; a file's 404
 * → gone; otherwise the server's words (detail, else message), else the action's fallback.
 */
const FALLBACKS = {
  add: '添加失败！',
  deleteCategory: '删除失败！',
  sort: '排序失败！',
  move: '修改分类失败',
  deleteFile: '删除失败，请重试',
} as const;

export type PdfAction = keyof typeof FALLBACKS;

const FILE_ACTIONS: ReadonlySet<PdfAction> = new Set(['move', 'deleteFile']);

/** Server text meant for people: a JSON dump of validation issues is not. */
function readable(text: string | null): string | null {
  const trimmed = text?.trim();
  return trimmed && !/^[[{]/.test(trimmed) ? trimmed : null;
}

export function pdfActionMessage(action: PdfAction, error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.kind === 'network' || error.kind === 'timeout') return '网络连接失败，请检查网络';
    if (error.status !== null && error.status >= 500) return '服务器错误，请稍后重试';
    if (error.status === 404 && FILE_ACTIONS.has(action)) return '文件不存在或已删除';
    return readable(error.detail) ?? readable(error.message) ?? FALLBACKS[action];
  }
  return FALLBACKS[action];
}

export function confirmCategoryDelete(name: string, fileCount: number | undefined): string {
  const files = fileCount ? `其中的 ${fileCount} 个文件将移至"未分类"。` : '其中的文件将移至"未分类"。';
  return `确定删除分类"${name}"吗？${files}`;
}

export function confirmFileDelete(filename: string): string {
  return `确定删除文件"${filename}"吗？此操作无法撤销，删除后文件无法恢复。`;
}
