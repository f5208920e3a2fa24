import { ApiRequestError } from '../../api/http.ts';

/** The menu managers' messages. Pure, so the wording is tested in one place. */

export const TOP_NAME_MISSING_ON_ADD = '请输入菜单名称';
export const TOP_NAME_EMPTY = '菜单名称不能为空';
export const TOP_LINK_REQUIRED = '普通菜单项必须有跳转链接';
export const LEFT_ADD_REQUIRED = '请填写菜单名称和路径';
export const LEFT_EDIT_EMPTY = '菜单名称/路径不能为空';
export const LEFT_LOAD_FAILED = '菜单加载失败，请检查接口是否返回数组';

export type TopMenuAction = '添加失败' | '保存失败' | '删除失败' | '排序失败';
export type LeftMenuAction = '添加失败' | '修改失败' | '删除失败' | '排序失败';

export function confirmDeleteText(name: string, childCount = 0): string {
  const base = `确定删除菜单"${name}"吗？此操作无法撤销`;
  return childCount > 0 ? `${base}\n其下的 ${childCount} 个子菜单也会一并删除。` : base;
}

/** Why a top-menu item cannot be saved as drafted, or null. A group needs no link (its link is cleared). */
export function topMenuProblem(
  draft: { name: string; link: string; isGroup: boolean },
  mode: 'add' | 'edit',
): string | null {
  if (!draft.name.trim()) return mode === 'add' ? TOP_NAME_MISSING_ON_ADD : TOP_NAME_EMPTY;
  if (!draft.isGroup && !draft.link.trim()) return TOP_LINK_REQUIRED;
  return null;
}

/** The top-menu load failure by cause: 404, 5xx, another status, no answer, or a malformed answer. */
export function topMenuLoadMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return '菜单加载失败';
  if (error.kind === 'network' || error.kind === 'timeout') return '网络连接失败';
  if (error.kind !== 'http' || error.status === null) return '菜单加载失败';
  if (error.status === 404) return '菜单接口不存在';
  if (error.status >= 500) return '服务器错误，请稍后重试';
  return `请求错误 (${error.status})：${error.detail ?? error.message}`;
}

function reason(error: unknown): string | null {
  if (error instanceof ApiRequestError) return error.detail ?? error.message;
  return error instanceof Error && error.message ? error.message : null;
}

/** A failed top-menu change: the action's prefix and the server's detail (else the error's message). */
export function topMenuActionMessage(action: TopMenuAction, error: unknown): string {
  return `${action}：${reason(error) ?? '未知错误'}`;
}

/**
 * A failed left-menu change. The product gives the add failure a detail ('添加失败：detail或未知错误') and
 * the others a bare prefix; the server's reason is appended when it sent one, since a rejected path (it
 * must be an anchor id) is otherwise unexplained.
 */
export function leftMenuActionMessage(action: LeftMenuAction, error: unknown): string {
  const detail = reason(error);
  if (action === '添加失败') return `添加失败：${detail ?? '未知错误'}`;
  return detail ? `${action}：${detail}` : action;
}
