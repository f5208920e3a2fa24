import { useState } from 'react';
import { Link, useRouter } from '../../ui/router.tsx';
import { LeftMenuManager } from './LeftMenuManager.tsx';
import type { ListStatus, LoadState } from './menu-status.ts';
import { TopMenuManager } from './TopMenuManager.tsx';
import './menus.css';

type Tab = 'top' | 'left';

const TABS: readonly { readonly tab: Tab; readonly label: string; readonly to: string }[] = [
  { tab: 'top', label: '顶部菜单', to: '/admin/menus/top' },
  { tab: 'left', label: '左侧菜单', to: '/admin/menus/left' },
];

const STATE_TEXT: Record<LoadState, string> = { loading: '加载中', ready: '已加载', error: '加载失败' };

/** /admin/menus/left shows the left menu; /admin/menus and /admin/menus/top the top menu. */
export function menuTab(pathname: string): Tab {
  return /\/admin\/menus\/left\/?$/.test(pathname) ? 'left' : 'top';
}

/** The menu centre: a tab per menu, the list's status, and its manager. */
export default function MenuCenter() {
  const { location } = useRouter();
  const tab = menuTab(location.pathname);
  const [status, setStatus] = useState<ListStatus>({ state: 'loading', count: 0 });

  return (
    <div className="menu-center">
      <header className="menu-center__header">
        <h1 className="menu-center__title">菜单管理</h1>
        <nav className="menu-tabs" aria-label="菜单类型">
          {TABS.map((item) => (
            <Link
              key={item.tab}
              to={item.to}
              className={`menu-tabs__tab${item.tab === tab ? ' is-active' : ''}`}
              {...(item.tab === tab ? { 'aria-current': 'page' as const } : {})}
            >
              {item.label}
            </Link>
          ))}
        </nav>
      </header>
      <dl className="panel menu-status" aria-label="菜单数据状态">
        <div className="menu-status__item">
          <dt>数据来源</dt>
          <dd>服务器</dd>
        </div>
        <div className="menu-status__item">
          <dt>状态</dt>
          <dd className={`menu-status__state menu-status__state--${status.state}`}>{STATE_TEXT[status.state]}</dd>
        </div>
        <div className="menu-status__item">
          <dt>菜单项</dt>
          <dd>{status.state === 'loading' ? '—' : status.count}</dd>
        </div>
      </dl>
      {tab === 'top' ? (
        <TopMenuManager key="top" onStatus={setStatus} />
      ) : (
        <LeftMenuManager key="left" onStatus={setStatus} />
      )}
    </div>
  );
}
