import { type ReactNode, useEffect } from 'react';
import { MenuFlash } from './MenuFlash.tsx';
import type { MenuListModel, OnListStatus } from './menu-status.ts';
import './menus.css';
import './menu-forms.css';
import './menu-rows.css';

export interface MenuManagerProps {
  /** The heading's id, which names the section. */
  readonly titleId: string;
  readonly title: string;
  readonly hint: string;
  /** The list's accessible name. */
  readonly listLabel: string;
  readonly model: MenuListModel;
  readonly onStatus?: OnListStatus | undefined;
  /** The add form. */
  readonly form: ReactNode;
  /** The rows, one per menu. */
  readonly children: ReactNode;
}

/**
 * A menu manager's frame (the top menu and the report's section menu alike): title and hint, the message,
 * the add form, the load failure with 重试, the loading and empty states, then the rows; it tells the
 * menu centre its state and count.
 */
export function MenuManager({ titleId, title, hint, listLabel, model, onStatus, form, children }: MenuManagerProps) {
  const { menus, state, loadError, saving, messages } = model;

  useEffect(() => {
    onStatus?.({ state, count: menus.length });
  }, [onStatus, state, menus.length]);

  return (
    <section className="panel menu-manager" aria-labelledby={titleId} aria-busy={saving || state === 'loading'}>
      <h2 id={titleId} className="menu-manager__title">
        {title}
      </h2>
      <p className="menu-manager__hint">{hint}</p>
      <MenuFlash flash={messages.flash} onDismiss={messages.dismiss} />
      {form}
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
        <ol className="menu-list" aria-label={listLabel}>
          {children}
        </ol>
      )}
    </section>
  );
}
