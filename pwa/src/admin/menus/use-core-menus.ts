import { useCallback, useEffect, useRef, useState } from 'react';
import { byOrder, type Direction, nextSortOrder, swapNeighbours } from '../reorder.ts';
import { confirmDeleteText, LEFT_LOAD_FAILED, leftMenuActionMessage } from './menu-errors.ts';
import type { LoadState, MenuListModel } from './menu-status.ts';
import { type AdminCoreMenu, createCoreMenu, deleteCoreMenu, fetchCoreMenus, updateCoreMenu } from './menus-api.ts';
import { useFlashMessage } from './use-flash-message.ts';
import { useSerialAction } from './use-serial-action.ts';

/** What the add form and an inline edit hold; an empty link means "the same as the path". */
export interface CoreMenuDraft {
  readonly name: string;
  readonly path: string;
  readonly link: string;
}

const linkOrPath = (draft: CoreMenuDraft) => draft.link.trim() || draft.path.trim();

const withDraft = (menu: AdminCoreMenu, draft: CoreMenuDraft): AdminCoreMenu => ({
  ...menu,
  name: draft.name.trim(),
  path: draft.path.trim(),
  link: linkOrPath(draft),
});

export interface CoreMenusModel extends MenuListModel {
  readonly menus: readonly AdminCoreMenu[];
  add(draft: CoreMenuDraft): Promise<boolean>;
  /** Applies a valid inline edit to the list at once, so a move made meanwhile sends it too. */
  stage(id: number, draft: CoreMenuDraft): void;
  /** Sends the item with the edit (the row debounces this): a reload meanwhile may have dropped the stage. */
  persist(id: number, draft: CoreMenuDraft): Promise<boolean>;
  remove(menu: AdminCoreMenu): Promise<void>;
  move(index: number, direction: Direction): Promise<void>;
}

/** The report page's section menu. */
export function useCoreMenus(): CoreMenusModel {
  const [menus, setMenus] = useState<AdminCoreMenu[]>([]);
  // Debounced saves and moves read the latest list, so each PUT carries every staged edit and the
  // current sort_order rather than the values of the render that scheduled it.
  const latest = useRef<AdminCoreMenu[]>([]);
  const [state, setState] = useState<LoadState>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const messages = useFlashMessage();

  const commit = useCallback((next: AdminCoreMenu[]) => {
    latest.current = next;
    setMenus(next);
  }, []);

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        commit(byOrder(await fetchCoreMenus(signal)));
        setState('ready');
        setLoadError(null);
      } catch {
        if (signal?.aborted) return;
        setState('error');
        setLoadError(LEFT_LOAD_FAILED);
      }
    },
    [commit],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const { saving, busy, run } = useSerialAction(reload, messages, leftMenuActionMessage);

  const add = (draft: CoreMenuDraft) =>
    run('添加失败', '菜单已添加', () =>
      createCoreMenu({
        name: draft.name.trim(),
        path: draft.path.trim(),
        link: linkOrPath(draft),
        sort_order: nextSortOrder(latest.current),
      }),
    );

  const stage = (id: number, draft: CoreMenuDraft) => {
    commit(latest.current.map((menu) => (menu.id === id ? withDraft(menu, draft) : menu)));
  };

  const persist = async (id: number, draft: CoreMenuDraft) => {
    stage(id, draft);
    const item = latest.current.find((menu) => menu.id === id);
    if (!item) return false;
    try {
      await updateCoreMenu(item);
      return true;
    } catch (error) {
      messages.showError(leftMenuActionMessage('修改失败', error));
      return false;
    }
  };

  const remove = async (menu: AdminCoreMenu) => {
    if (!window.confirm(confirmDeleteText(menu.name))) return;
    await run('删除失败', '菜单已删除', () => deleteCoreMenu(menu.id));
  };

  const move = async (index: number, direction: Direction) => {
    const swap = swapNeighbours(latest.current, index, direction);
    if (!swap || busy.current) return;
    commit(swap.items);
    await run('排序失败', '顺序已更新', () => Promise.all(swap.changed.map((item) => updateCoreMenu(item))));
  };

  return { menus, state, loadError, saving, messages, reload: () => reload(), add, stage, persist, remove, move };
}
