import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App } from './App.tsx';

/**
 * The home page's first screen as a first visit sees it (no one signed in, the menu still loading): the app
 * itself rendered at build time at `/` into the HTML the server sends for `/` (vite.config.ts, sync-server's
 * static files). The browser paints the real top of the page before any script has run, and React takes
 * this markup over (main.tsx, hydration) instead of replacing it: what only the browser knows is drawn after
 * (ui/use-hydrated.ts), so nothing moves (docs/BENCHMARKS.md §9).
 */
export function firstScreenMarkup(): string {
  return renderToString(
    <StrictMode>
      <App location={{ pathname: '/', search: '' }} />
    </StrictMode>,
  );
}
