import { StrictMode, startTransition } from 'react';
import { App, preloadPageOf } from './app/App.tsx';
import { yieldToMain } from './lib/yield-to-main.ts';
import { openReportEarly } from './report/open-early.ts';
import { markTakingOver } from './ui/use-hydrated.ts';
import './styles/global.css';
import './styles/blocks.css';

// The report's data is asked for before anything else runs.
const reportOpened = openReportEarly();
// Ask the browser to keep the offline copy under storage pressure (best effort; Safari may refuse).
navigator.storage?.persist?.().catch(() => {});

/** How long the first render waits for the opened page's chunk (from the cache it takes some 20 ms). */
const PAGE_CHUNK_WAIT_MS = 500;
/** …and for a report opened again to be found kept (read from IndexedDB in some 50 ms on a busy page). */
const KEPT_REPORT_WAIT_MS = 200;

function atMost(promise: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);
}

/**
 * React DOM is evaluated in a task of its own, after the app's modules (its chunk is preloaded by the HTML,
 * vite.config.ts): on a phone one evaluation of both held the page for a few hundred milliseconds, during
 * which a tap went unanswered (docs/BENCHMARKS.md §9).
 */
async function start(root: HTMLElement): Promise<void> {
  // The opened page's own chunk loads meanwhile: drawn before it is at hand, the page would show a loading
  // state that React holds for 300 ms (ui/lazy-page.tsx). Over a slow network the loading state shows after
  // PAGE_CHUNK_WAIT_MS rather than a blank page.
  const page = preloadPageOf(location.pathname);
  await yieldToMain();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  // A report this browser kept is drawn in the same first render, rather than the page first and the report
  // after it (report/kept-at-hand.ts).
  await Promise.all([atMost(page, PAGE_CHUNK_WAIT_MS), atMost(reportOpened, KEPT_REPORT_WAIT_MS)]);
  await yieldToMain();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition: React works in slices of a few milliseconds, each a task of its own, so the page answers
  // a tap meanwhile. On `/` the root already holds the first screen, rendered at build time
  // (app/first-screen.tsx): React takes those elements over (hydration) instead of drawing them again.
  startTransition(() => {
    if (root.firstElementChild) {
      markTakingOver();
      hydrateRoot(root, app);
    } else createRoot(root).render(app);
  });
}

const root = document.getElementById('root');
if (root) void start(root);
