import { useEffect } from 'react';
import { LeftMenuAddForm } from './LeftMenuAddForm.tsx';
import { LeftMenuRow } from './LeftMenuRow.tsx';
import { MenuFlash } from './MenuFlash.tsx';
import type { OnListStatus } from './menu-status.ts';
import { useCoreMenus } from './use-core-menus.ts';
import './menus.css';
import './menu-forms.css';
import './menu-rows.css';

/** The report page's section menu: add, inline edit saved as you type, reorder, delete. */
export function LeftMenuManager({ onStatus }: { onStatus?: OnListStatus }) {
  const model = useCoreMenus();
  const { menus, state, loadError, saving, messages } = model;

  useEffect(() => {
    onStatus?.({ state, count: menus.length });
  }, [onStatus, state, menus.length]);

  return (
    <section className="panel menu-manager" aria-labelledby="left-menu-title" aria-busy={saving || state === 'loading'}>
      <h2 id="left-menu-title" className="menu-manager__title">
        左侧菜单
      </h2>
      <p className="menu-manager__hint">
        估值报告页的章节导航。路径是章节的锚点（如 roe-roic），链接留空时与路径相同。
      </p>
      <MenuFlash flash={messages.flash} onDismiss={messages.dismiss} />
      <LeftMenuAddForm disabled={saving || state === 'loading'} onAdd={model.add} />
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
        <ol className="menu-list" aria-label="左侧菜单列表">
          {menus.map((menu, index) => (
            <LeftMenuRow key={menu.id} menu={menu} index={index} count={menus.length} model={model} />
          ))}
        </ol>
      )}
    </section>
  );
}
