import { useCallback, useEffect, useState } from 'react';
import { byOrder, type Direction, moveItem, nextSortOrder } from '../reorder.ts';
import { confirmDeleteText, topMenuActionMessage, topMenuLoadMessage } from './menu-errors.ts';
import type { LoadState, MenuListModel } from './menu-status.ts';
import {
  createTopMenu,
  createTopMenuChild,
  deleteTopMenu,
  deleteTopMenuChild,
  fetchTopMenus,
  type TopMenu,
  type TopMenuBody,
  type TopMenuChild,
  updateTopMenu,
  updateTopMenuChild,
} from './menus-api.ts';
import { useFlashMessage } from './use-flash-message.ts';
import { useSerialAction } from './use-serial-action.ts';

export interface TopMenuDraft {
  readonly name: string;
  readonly link: string;
  readonly isGroup: boolean;
}

interface ChildDraft {
  readonly name: string;
  readonly link: string;
}

/** A new child's name until it is edited. */
const NEW_CHILD_NAME = '新子菜单';

const sorted = (menus: readonly TopMenu[]): TopMenu[] =>
  byOrder(menus).map((menu) => ({ ...menu, children: byOrder(menu.children) }));

const bodyOf = (menu: TopMenu): TopMenuBody => ({
  name: menu.name,
  link: menu.isGroup ? null : menu.link,
  isGroup: menu.isGroup,
  sort_order: menu.sort_order,
});

const draftBody = (draft: TopMenuDraft, sortOrder: number): TopMenuBody => ({
  name: draft.name.trim(),
  link: draft.isGroup ? null : draft.link.trim(),
  isGroup: draft.isGroup,
  sort_order: sortOrder,
});

const childBody = (child: TopMenuChild) => ({ name: child.name, link: child.link, sort_order: child.sort_order });

export interface TopMenusModel extends MenuListModel {
  readonly menus: readonly TopMenu[];
  /** The child just added, which its row opens for editing. */
  readonly newChildId: number | null;
  add(draft: TopMenuDraft): Promise<boolean>;
  save(menu: TopMenu, draft: TopMenuDraft): Promise<boolean>;
  remove(menu: TopMenu): Promise<void>;
  move(index: number, direction: Direction): Promise<void>;
  addChild(menu: TopMenu): Promise<void>;
  saveChild(menu: TopMenu, child: TopMenuChild, draft: ChildDraft): Promise<boolean>;
  removeChild(menu: TopMenu, child: TopMenuChild): Promise<void>;
  moveChild(menu: TopMenu, index: number, direction: Direction): Promise<void>;
}

/** The top menu's list and changes; each change ends with a reload. */
export function useTopMenus(): TopMenusModel {
  const [menus, setMenus] = useState<TopMenu[]>([]);
  const [state, setState] = useState<LoadState>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [newChildId, setNewChildId] = useState<number | null>(null);
  const messages = useFlashMessage();

  const reload = useCallback(async (signal?: AbortSignal) => {
    try {
      const list = await fetchTopMenus(signal);
      setMenus(sorted(list));
      setState('ready');
      setLoadError(null);
    } catch (error) {
      if (signal?.aborted) return;
      setState('error');
      setLoadError(topMenuLoadMessage(error));
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const { saving, busy, run } = useSerialAction(reload, messages, topMenuActionMessage);

  const add = (draft: TopMenuDraft) =>
    run('添加失败', '菜单已添加', () => createTopMenu(draftBody(draft, nextSortOrder(menus))));

  const save = (menu: TopMenu, draft: TopMenuDraft) =>
    run('保存失败', '菜单已保存', () => updateTopMenu(menu.id, draftBody(draft, menu.sort_order)));

  const remove = async (menu: TopMenu) => {
    if (!window.confirm(confirmDeleteText(menu.name, menu.children.length))) return;
    await run('删除失败', '菜单已删除', () => deleteTopMenu(menu.id));
  };

  const move = async (index: number, direction: Direction) => {
    const next = moveItem(menus, index, direction);
    if (!next || busy.current) return;
    setMenus(next);
    await run('排序失败', '顺序已更新', () => Promise.all(next.map((menu) => updateTopMenu(menu.id, bodyOf(menu)))));
  };

  const addChild = async (menu: TopMenu) => {
    await run('添加失败', '子菜单已添加，请修改名称和链接', async () => {
      const id = await createTopMenuChild(menu.id, { name: NEW_CHILD_NAME, sort_order: menu.children.length + 1 });
      setNewChildId(id);
    });
  };

  const saveChild = (menu: TopMenu, child: TopMenuChild, draft: ChildDraft) =>
    run('保存失败', '子菜单已保存', () =>
      updateTopMenuChild(menu.id, child.id, {
        name: draft.name.trim(),
        link: draft.link.trim(),
        sort_order: child.sort_order,
      }),
    );

  const removeChild = async (menu: TopMenu, child: TopMenuChild) => {
    if (!window.confirm(confirmDeleteText(child.name))) return;
    await run('删除失败', '子菜单已删除', () => deleteTopMenuChild(menu.id, child.id));
  };

  const moveChild = async (menu: TopMenu, index: number, direction: Direction) => {
    const children = moveItem(menu.children, index, direction);
    if (!children || busy.current) return;
    setMenus((current) => current.map((item) => (item.id === menu.id ? { ...item, children } : item)));
    await run('排序失败', '顺序已更新', () =>
      Promise.all(children.map((child) => updateTopMenuChild(menu.id, child.id, childBody(child)))),
    );
  };

  return {
    menus,
    state,
    loadError,
    saving,
    newChildId,
    messages,
    reload: () => reload(),
    add,
    save,
    remove,
    move,
    addChild,
    saveChild,
    removeChild,
    moveChild,
  };
}
