import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './styles/global.css';
import './styles/blocks.css';

// Ask the browser to keep the offline copy under storage pressure (best effort; Safari may refuse).
navigator.storage?.persist?.().catch(() => {});

const root = document.getElementById('root');
if (root) {
  // On `/` the root already holds the first screen, rendered at build time (app/first-screen.tsx): React's
  // first commit replaces it with the same markup.
  // A transition: React renders the first screen in slices of a few milliseconds, each a task of its own,
  // so the page answers a tap while it is drawn.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
