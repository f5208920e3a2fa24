import { useEffect, useState } from 'react';
import type { Workbox } from 'workbox-window';
import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import './UpdatePrompt.css';

/**
 * Registers the service worker (production builds) and, when a new version is waiting, offers to reload
 * into it. Checks for updates at start and whenever the app comes back to the foreground.
 */
export function UpdatePrompt() {
  const [waiting, setWaiting] = useState<Workbox | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let workbox: Workbox | null = null;
    const onVisible = () => {
      if (document.visibilityState === 'visible') workbox?.update().catch(() => {});
    };
    // The service worker's install downloads the whole app: not while the first screen is drawn.
    afterFirstScreen()
      .then(() => import('workbox-window'))
      .then(({ Workbox }) => {
        workbox = new Workbox('/sw.js', { scope: '/' });
        const current = workbox;
        current.addEventListener('waiting', () => setWaiting(current));
        current.register().catch((error: unknown) => console.warn('Service worker 注册失败', error));
        document.addEventListener('visibilitychange', onVisible);
      });
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  if (!waiting) return null;
  const reload = () => {
    waiting.addEventListener('controlling', () => window.location.reload());
    waiting.messageSkipWaiting();
  };
  return (
    <div className="update-prompt" role="alert">
      <span>有新版本可用</span>
      <button type="button" onClick={reload}>
        刷新
      </button>
      <button type="button" className="update-prompt__later" onClick={() => setWaiting(null)}>
        稍后
      </button>
    </div>
  );
}
