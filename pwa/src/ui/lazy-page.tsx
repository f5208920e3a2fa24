import { type ComponentType, createElement, lazy, useState } from 'react';

/** A page whose code is a chunk of its own, loaded when it is first needed. */
export interface LazyPage<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the page's chunk (once); resolves when it is at hand, whether or not it loaded. */
  preload(): Promise<void>;
}

/**
 * A page loaded on demand, like `React.lazy`, that can also be loaded ahead (main.tsx loads the opened
 * route's page before React's first render).
 *
 * Why: a lazy page rendered before its chunk is at hand shows the Suspense fallback, and React then holds
 * the page back until 300 ms after that fallback was shown (its throttle of revealed boundaries). Offline,
 * the login page thus took about 460 ms where its chunk came from the service worker's cache in 20 ms. A
 * page whose chunk is at hand when it mounts is rendered directly, without suspending; which of the two it
 * is, is decided once per mount (switching would mount the page again and lose its state).
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Suspending = lazy(start);
  function Page(props: P) {
    const [direct] = useState(() => loaded);
    return direct ? createElement(direct, props) : createElement(Suspending, props);
  }
  Page.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}
