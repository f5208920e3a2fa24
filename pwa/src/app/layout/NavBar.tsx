import type { TopMenuItem as TopMenu } from '@fcf/engine/contract';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { getToken, signOut, useSessionUser } from '../../api/session.ts';
import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { TOP_MENUS_CHANGED } from '../../store/menu-defaults.ts';
import { Link, useRouter } from '../../ui/router.tsx';
import { MOBILE_MAX_WIDTH } from '../../ui/use-viewport-width.ts';
import { menuLoadMessage } from './menu-messages.ts';
import { NavMenuItems } from './NavMenuItems.tsx';
import './NavBar.css';

type MenuState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; menus: TopMenu[] };

/** The top bar of every page: logo, the server's menu, and the account area. */
export function NavBar() {
  const user = useSessionUser();
  const { navigate } = useRouter();
  const [menu, setMenu] = useState<MenuState>({ status: 'loading' });
  const [mobileOpen, setMobileOpen] = useState(false);
  const barRef = useRef<HTMLElement>(null);

  const load = useCallback((force: boolean) => {
    // The menu shown stays until the new one is read (a retry shows it is loading); the new one is drawn as
    // a transition, in slices that give way to a tap.
    if (force) setMenu({ status: 'loading' });
    // The offline copy (IndexedDB) loads after the first screen is shown where the menu is folded away
    // behind the burger (a phone); a tap on it loads the menu at once.
    const shown = force || window.innerWidth > MOBILE_MAX_WIDTH ? Promise.resolve() : afterFirstScreen();
    shown
      .then(() => import('../../store/menus.ts'))
      .then(({ loadTopMenus }) => loadTopMenus(force))
      .then(({ value }) => startTransition(() => setMenu({ status: 'ready', menus: value })))
      .catch((error: unknown) => startTransition(() => setMenu({ status: 'error', message: menuLoadMessage(error) })));
  }, []);
  useEffect(() => load(false), [load]);
  // An admin's edit in this browser shows in the navigation at once.
  useEffect(() => {
    const onChanged = () => load(false);
    window.addEventListener(TOP_MENUS_CHANGED, onChanged);
    return () => window.removeEventListener(TOP_MENUS_CHANGED, onChanged);
  }, [load]);

  // The mobile menu closes on an outside click and when the window grows past the breakpoint.
  useEffect(() => {
    if (!mobileOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (barRef.current && !barRef.current.contains(event.target as Node)) setMobileOpen(false);
    };
    const onResize = () => {
      if (window.innerWidth > MOBILE_MAX_WIDTH) setMobileOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onResize);
    };
  }, [mobileOpen]);

  const close = () => setMobileOpen(false);
  const logout = () => {
    // Signed out here at once; the server is asked to end the token if it can be reached (the call's code
    // loads on first use, so the first screen carries none of it).
    const token = getToken();
    signOut();
    if (token) void import('../../api/sign-out.ts').then(({ revokeToken }) => revokeToken(token));
    close();
    navigate('/');
  };

  return (
    <header className="site-header" ref={barRef}>
      <div className="site-header__inner">
        <Link to="/" className="site-logo" onNavigate={close}>
          <img src="/icons/favicon.svg" alt="" width="28" height="28" />
          <span>自由现金流估值平台</span>
        </Link>
        <button
          type="button"
          className="site-header__burger"
          aria-label={mobileOpen ? '关闭菜单' : '打开菜单'}
          aria-expanded={mobileOpen}
          aria-controls="site-menu"
          onClick={() => setMobileOpen((open) => !open)}
        >
          <span />
          <span />
          <span />
        </button>
        <div id="site-menu" className={`site-header__menu${mobileOpen ? ' is-open' : ''}`}>
          <nav aria-label="主菜单" className="site-header__nav">
            {menu.status === 'loading' && <span className="nav-state">菜单加载中…</span>}
            {menu.status === 'error' && (
              <button type="button" className="nav-state nav-state--error" onClick={() => load(true)}>
                {menu.message}（点击重试）
              </button>
            )}
            {menu.status === 'ready' && menu.menus.length === 0 && (
              <span className="nav-state">
                暂无顶部菜单
                {user?.is_admin && (
                  <Link to="/admin/menus/top" onNavigate={close}>
                    去添加
                  </Link>
                )}
              </span>
            )}
            {menu.status === 'ready' && menu.menus.length > 0 && <NavMenuItems menus={menu.menus} onNavigate={close} />}
          </nav>
          <div className="site-header__account">
            {user ? (
              <>
                <span className="site-header__welcome">欢迎，{user.username}</span>
                {user.is_admin && (
                  <Link to="/admin" className="button button--ghost" onNavigate={close}>
                    管理后台
                  </Link>
                )}
                <button type="button" className="button button--ghost" onClick={logout}>
                  退出登录
                </button>
              </>
            ) : (
              <>
                <Link to="/register" className="button button--ghost" onNavigate={close}>
                  注册
                </Link>
                <Link to="/login" className="button button--primary" onNavigate={close}>
                  登录
                </Link>
              </>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}
