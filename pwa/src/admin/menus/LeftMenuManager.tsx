import { LeftMenuAddForm } from './LeftMenuAddForm.tsx';
import { LeftMenuRow } from './LeftMenuRow.tsx';
import { MenuManager } from './MenuManager.tsx';
import type { OnListStatus } from './menu-status.ts';
import { useCoreMenus } from './use-core-menus.ts';

/** The report page's section menu: add, inline edit saved as you type, reorder, delete. */
export function LeftMenuManager({ onStatus }: { onStatus?: OnListStatus }) {
  const model = useCoreMenus();
  const { menus, state, saving } = model;
  return (
    <MenuManager
      titleId="left-menu-title"
      title="左侧菜单"
      hint="估值报告页的章节导航。路径是章节的锚点（如 roe-roic），链接留空时与路径相同。"
      listLabel="左侧菜单列表"
      model={model}
      onStatus={onStatus}
      form={<LeftMenuAddForm disabled={saving || state === 'loading'} onAdd={model.add} />}
    >
      {menus.map((menu, index) => (
        <LeftMenuRow key={menu.id} menu={menu} index={index} count={menus.length} model={model} />
      ))}
    </MenuManager>
  );
}
