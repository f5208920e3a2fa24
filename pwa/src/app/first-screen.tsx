import { renderToStaticMarkup } from 'react-dom/server';
import { HomeDashboard } from '../home/HomeDashboard.tsx';
import { StaticRouter } from '../ui/router.tsx';
import { HomeWatchlist } from '../watchlist/HomeWatchlist.tsx';
import { NavBar } from './layout/NavBar.tsx';

/**
 * The home page's first screen as a first visit sees it (no one signed in, the menu still loading), rendered
 * at build time into the HTML the server sends for `/` (vite.config.ts, sync-server's static files): the
 * browser paints the real top of the page before any script has run, and React's first commit replaces it
 * with the same markup (main.tsx), so nothing moves (docs/BENCHMARKS.md §9).
 */
export function firstScreenMarkup(): string {
  return renderToStaticMarkup(
    <StaticRouter location={{ pathname: '/', search: '' }}>
      <NavBar />
      <main className="site-main">
        <HomeDashboard watchlist={<HomeWatchlist />} />
      </main>
    </StaticRouter>,
  );
}
