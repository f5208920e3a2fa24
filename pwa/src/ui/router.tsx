import { createContext, type MouseEvent, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';

/**
 * A small history router: the app has a flat route table, so a location, navigate() and <Link> are all
 * it needs (and it keeps a router library out of the first screen's bytes).
 */
export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
}

interface RouterValue {
  readonly location: AppLocation;
  navigate(to: string, options?: { replace?: boolean }): void;
}

const RouterContext = createContext<RouterValue | null>(null);

function currentLocation(): AppLocation {
  return { pathname: window.location.pathname, search: window.location.search };
}

export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  useEffect(() => {
    const onPop = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((to: string, options: { replace?: boolean } = {}) => {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setLocation(currentLocation());
    if (!to.includes('#')) window.scrollTo({ top: 0 });
  }, []);
  return <RouterContext.Provider value={{ location, navigate }}>{children}</RouterContext.Provider>;
}

/**
 * A router fixed at one location, for markup rendered ahead of the browser (the home page's first screen
 * written into the built HTML, first-screen.tsx): nothing navigates there.
 */
export function StaticRouter({ location, children }: { location: AppLocation; children: ReactNode }) {
  return <RouterContext.Provider value={{ location, navigate: () => {} }}>{children}</RouterContext.Provider>;
}

export function useRouter(): RouterValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('useRouter outside RouterProvider');
  return value;
}

export function useQueryParam(name: string): string | null {
  const { location } = useRouter();
  return new URLSearchParams(location.search).get(name);
}

/**
 * An in-app link: a plain <a> (so it opens in a new tab with a modifier) that navigates without reload.
 * Outside a router (a section drawn on its own, as for the PDF comparison) it stays a plain link.
 */
export function Link({
  to,
  children,
  className,
  onNavigate,
  ...rest
}: {
  to: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
  'aria-current'?: 'page';
  'data-testid'?: string;
}) {
  const router = useContext(RouterContext);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!router) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    router.navigate(to);
    onNavigate?.();
  };
  return (
    <a href={to} className={className} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
