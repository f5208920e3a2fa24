/**
 * Which of a report's sections are built (committed by React). On a phone the report sits below the
 * dashboard, so none of its sections is on the first screen: building them all at once costs a dozen long
 * tasks of script and layout while the page opens (docs/BENCHMARKS.md §9). A section is built when it comes
 * within a screen of the viewport, when the reader jumps to its anchor (the section links, a shared link's
 * #section), or, once the page has been quiet (after-first-screen.ts), one per idle slice in page order.
 * Until then it stands at its reserved height (report-skeleton.css), so nothing moves when it arrives.
 */

export interface NearViewportMountOptions {
  /** The sections in page order (their element ids). */
  readonly paths: readonly string[];
  /** The section's element, or null while it is not in the page. */
  readonly elementOf: (path: string) => Element | null;
  /** Called with every section built so far, each time one more is. */
  readonly onMount: (mounted: ReadonlySet<string>) => void;
  /** Resolves when the rest may be built in idle slices (the page was quiet, or the reader touched it). */
  readonly afterQuiet: Promise<void>;
  /** Resolves at the browser's next idle time: one section is built per slice. */
  readonly idle: () => Promise<void>;
  /** The window whose hash names a section to jump to (absent: no anchors are followed). */
  readonly win?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'>;
  /** Absent where the browser has none: then every section is built at once. */
  readonly Observer?: typeof IntersectionObserver;
}

/** One screen ahead: a section is built before the reader scrolls to it. */
export const NEAR_MARGIN = '100% 0px 100% 0px';

/** Starts watching; returns the function that stops it (a new company, the page left). */
export function mountNearViewport(options: NearViewportMountOptions): () => void {
  const { paths, elementOf, onMount, afterQuiet, idle, win, Observer } = options;
  const mounted = new Set<string>();
  let stopped = false;
  const mount = (wanted: readonly string[]) => {
    const fresh = wanted.filter((path) => paths.includes(path) && !mounted.has(path));
    if (stopped || fresh.length === 0) return;
    for (const path of fresh) mounted.add(path);
    onMount(new Set(mounted));
  };

  if (Observer === undefined) {
    mount(paths);
    return () => {
      stopped = true;
    };
  }

  const pathOf = new Map<Element, string>();
  const observer = new Observer(
    (entries) => {
      const near: string[] = [];
      for (const entry of entries) {
        const path = pathOf.get(entry.target);
        if (entry.isIntersecting && path !== undefined) near.push(path);
      }
      mount(near);
    },
    { rootMargin: NEAR_MARGIN },
  );
  for (const path of paths) {
    const element = elementOf(path);
    if (element === null) continue;
    pathOf.set(element, path);
    observer.observe(element);
  }

  const fromHash = () => {
    const hash = win?.location.hash.slice(1) ?? '';
    if (hash !== '') mount([decodeURIComponent(hash)]);
  };
  fromHash();
  win?.addEventListener('hashchange', fromHash);

  void afterQuiet.then(async () => {
    for (const path of paths) {
      if (stopped) return;
      if (mounted.has(path)) continue;
      await idle();
      mount([path]);
    }
  });

  return () => {
    stopped = true;
    observer.disconnect();
    win?.removeEventListener('hashchange', fromHash);
  };
}
