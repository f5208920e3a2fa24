import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { markTakingOver } from './ui/use-hydrated.ts';
import './styles/global.css';
import './styles/blocks.css';

// Ask the browser to keep the offline copy under storage pressure (best effort; Safari may refuse).
navigator.storage?.persist?.().catch(() => {});

const root = document.getElementById('root');
if (root) {
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
