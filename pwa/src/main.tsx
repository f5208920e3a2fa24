import { StrictMode, startTransition } from 'react';
import { App } from './app/App.tsx';
import { yieldToMain } from './lib/yield-to-main.ts';
import { openReportEarly } from './report/open-early.ts';
import { markTakingOver } from './ui/use-hydrated.ts';
import './styles/global.css';
import './styles/blocks.css';

// The report's data is asked for before anything else runs.
openReportEarly();
// Ask the browser to keep the offline copy under storage pressure (best effort; Safari may refuse).
navigator.storage?.persist?.().catch(() => {});

/**
 * React DOM is evaluated in a task of its own, after the app's modules (its chunk is preloaded by the HTML,
 * vite.config.ts): on a phone one evaluation of both held the page for a few hundred milliseconds, during
 * which a tap went unanswered (docs/BENCHMARKS.md §9).
 */
async function start(root: HTMLElement): Promise<void> {
  await yieldToMain();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
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
