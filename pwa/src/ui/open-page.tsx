import { type MouseEvent, type ReactNode, useCallback } from 'react';
import { openInNewTab } from '../lib/open-in-new-tab.ts';
import { useRouter } from './router.tsx';
import { useHydrated } from './use-hydrated.ts';

/**
 * Opening another page of the app. In a browser tab the pages meant to open "in a new tab" still do; in
 * the installed app (display-mode standalone) a new tab would throw the reader out into the browser, so
 * the page opens in the app instead. Links to other sites always leave.
 */

/** True in the installed app: Chromium's standalone/fullscreen display modes, or iOS's home-screen app. */
export function isStandalone(): boolean {
  // Markup rendered ahead of the browser (first-screen.tsx) is a browser tab's.
  if (typeof window === 'undefined') return false;
  const media = (query: string) => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return media('(display-mode: standalone)') || media('(display-mode: fullscreen)') || iosStandalone;
}

function isAppUrl(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Opens an app page: in the app when installed, in a new tab otherwise. */
export function useOpenPage(): (url: string) => void {
  const { navigate } = useRouter();
  return useCallback(
    (url: string) => {
      if (isStandalone() && isAppUrl(url)) navigate(url);
      else openInNewTab(url);
    },
    [navigate],
  );
}

/** A link to an app page that opens like useOpenPage (modified clicks keep the browser's own behaviour). */
export function PageLink({
  to,
  children,
  className,
  title,
  newTabHint = true,
}: {
  readonly to: string;
  readonly children: ReactNode;
  readonly className?: string;
  readonly title?: string;
  /** Tells screen readers the page opens in a new tab (off where the title already says so). */
  readonly newTabHint?: boolean;
}) {
  const open = useOpenPage();
  // Markup rendered ahead of the browser is a browser tab's; the installed app's links change once React took it over.
  const standalone = useHydrated() && isStandalone();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (event.altKey) return;
    event.preventDefault();
    open(to);
  };
  return (
    <a
      href={to}
      className={className}
      title={title}
      target={standalone ? undefined : '_blank'}
      rel={standalone ? undefined : 'noopener'}
      onClick={onClick}
    >
      {children}
      {standalone || !newTabHint ? null : <span className="visually-hidden">（在新标签页打开）</span>}
    </a>
  );
}
