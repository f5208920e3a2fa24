/** The app's routes, matched on the path alone. */
export type RouteMatch =
  | { kind: 'home' }
  | { kind: 'analysis' }
  | { kind: 'placeholder'; title: string }
  | { kind: 'custom-valuation' }
  | { kind: 'screener' }
  | { kind: 'wacc-tool' }
  | { kind: 'compare' }
  | { kind: 'valuation-model' }
  | { kind: 'industry-research' }
  | { kind: 'login' }
  | { kind: 'register' }
  /** Moved pages: the old path opens the new one, its query kept (old links and stored menus). */
  | { kind: 'redirect'; to: string }
  | { kind: 'admin'; path: string }
  | { kind: 'fcf-parameters' }
  | { kind: 'print'; path: string }
  /** The research-PDF viewer: /pdf-viewer?id={id} (id from the query) or /pdf-preview/{id}. */
  | { kind: 'pdf-viewer'; id: string | null };

const PLACEHOLDERS: Readonly<Record<string, string>> = {
  '/us-valuation': '美股估值',
  '/hk-valuation': '港股估值',
};

export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { kind: 'home' };
  if (path === '/valuation-home') return { kind: 'analysis' };
  if (path === '/valuation-custom') return { kind: 'custom-valuation' };
  if (path === '/screener') return { kind: 'screener' };
  if (path === '/wacc') return { kind: 'wacc-tool' };
  if (path === '/wacc-tool') return { kind: 'redirect', to: '/wacc' };
  if (path === '/compare') return { kind: 'compare' };
  if (path === '/valuation-model') return { kind: 'valuation-model' };
  if (path === '/company-comparison') return { kind: 'redirect', to: '/compare' };
  if (path === '/industry-research') return { kind: 'industry-research' };
  if (path === '/pdf-manager') return { kind: 'redirect', to: '/industry-research' };
  if (path === '/pdf-viewer') return { kind: 'pdf-viewer', id: null };
  const preview = /^\/pdf-preview\/([^/]+)$/.exec(path);
  if (preview) return { kind: 'pdf-viewer', id: preview[1] ?? null };
  if (path === '/login') return { kind: 'login' };
  if (path === '/register') return { kind: 'register' };
  if (path === '/fcf-parameters') return { kind: 'fcf-parameters' };
  if (path === '/admin' || path.startsWith('/admin/')) return { kind: 'admin', path };
  if (path.startsWith('/print/')) return { kind: 'print', path };
  const title = PLACEHOLDERS[path];
  if (title) return { kind: 'placeholder', title };
  // Unknown paths show home (docs/requirements.md#screens-and-routes).
  return { kind: 'home' };
}
