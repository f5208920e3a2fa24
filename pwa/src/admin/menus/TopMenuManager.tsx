import { MenuManager } from './MenuManager.tsx';
import type { OnListStatus } from './menu-status.ts';
import { TopMenuAddForm } from './TopMenuAddForm.tsx';
import { TopMenuRow } from './TopMenuRow.tsx';
import { useTopMenus } from './use-top-menus.ts';

/** The site's top navigation: add, edit inline, reorder, delete, and a group's children. */
export function TopMenuManager({ onStatus }: { onStatus?: OnListStatus }) {
  const model = useTopMenus();
  const { menus, state, saving } = model;
  return (
    <MenuManager
      titleId="top-menu-title"
      title="顶部菜单"
      hint="网站顶部导航。分组显示为下拉菜单，链接可为站内路径或 http(s) 网址。"
      listLabel="顶部菜单列表"
      model={model}
      onStatus={onStatus}
      form={<TopMenuAddForm disabled={saving || state === 'loading'} onAdd={model.add} />}
    >
      {menus.map((menu, index) => (
        <TopMenuRow key={menu.id} menu={menu} index={index} count={menus.length} model={model} />
      ))}
    </MenuManager>
  );
}
