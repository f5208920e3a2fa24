import { useEffect } from 'react';
import { MenuFlash } from './MenuFlash.tsx';
import type { OnListStatus } from './menu-status.ts';
import { TopMenuAddForm } from './TopMenuAddForm.tsx';
import { TopMenuRow } from './TopMenuRow.tsx';
import { useTopMenus } from './use-top-menus.ts';
import './menus.css';
import './menu-forms.css';
import './menu-rows.css';

/** The site's top navigation: add, edit inline, reorder, delete, and a group's children. */
export function TopMenuManager({ onStatus }: { onStatus?: OnListStatus }) {
  const model = useTopMenus();
  const { menus, state, loadError, saving, messages } = model;

  useEffect(() => {
    onStatus?.({ state, count: menus.length });
  }, [onStatus, state, menus.length]);

  return (
    <section className="panel menu-manager" aria-labelledby="top-menu-title" aria-busy={saving || state === 'loading'}>
      <h2 id="top-menu-title" className="menu-manager__title">
        顶部菜单
      </h2>
      <p className="menu-manager__hint">网站顶部导航。分组显示为下拉菜单，链接可为站内路径或 http(s) 网址。</p>
      <MenuFlash flash={messages.flash} onDismiss={messages.dismiss} />
      <TopMenuAddForm disabled={saving || state === 'loading'} onAdd={model.add} />
      {loadError && (
        <div className="menu-load-error" role="alert">
          <span>{loadError}</span>
          <button type="button" className="button button--ghost menu-button" onClick={() => void model.reload()}>
            重试
          </button>
        </div>
      )}
      {state === 'loading' && <p className="menu-empty">正在加载菜单…</p>}
      {state === 'ready' && menus.length === 0 && <p className="menu-empty">还没有菜单，请在上方添加。</p>}
      {menus.length > 0 && (
        <ol className="menu-list" aria-label="顶部菜单列表">
          {menus.map((menu, index) => (
            <TopMenuRow key={menu.id} menu={menu} index={index} count={menus.length} model={model} />
          ))}
        </ol>
      )}
    </section>
  );
}
