import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../ui/lazy-page.tsx';
import { Link } from '../ui/router.tsx';
import { MOBILE_MAX_WIDTH } from '../ui/use-viewport-width.ts';
import './AdminLayout.css';

const UploadPage = lazyPage(() => import('./upload/UploadPage.tsx'));
const ForecastPage = lazyPage(() => import('./forecast/ForecastPage.tsx'));
const MenuCenter = lazyPage(() => import('./menus/MenuCenter.tsx'));
const PdfManager = lazyPage(() => import('./pdf/PdfManager.tsx'));
const QuoteUploadPage = lazyPage(() => import('./quotes/QuoteUploadPage.tsx'));
const ValuationSettingsPage = lazyPage(() => import('./valuation-settings/ValuationSettingsPage.tsx'));

const SECTIONS = [
  { path: '/admin/upload', label: '数据上传与估值' },
  { path: '/admin/quotes', label: '行情上传' },
  { path: '/admin/forecast', label: '预测管理' },
  { path: '/admin/valuation-settings', label: '估值设定' },
  { path: '/admin/pdf', label: 'PDF研报管理' },
  { path: '/admin/articles', label: '文章管理' },
  { path: '/admin/menus', label: '菜单管理' },
] as const;

function ArticlesPlaceholder() {
  return (
    <section className="panel admin-card">
      <h1>文章管理</h1>
      <p className="admin-muted">文章列表将在后续版本提供。</p>
    </section>
  );
}

/** The back office's page for an /admin path. */
function adminPageOf(path: string) {
  if (path === '/admin' || path.startsWith('/admin/upload')) return UploadPage;
  if (path.startsWith('/admin/forecast')) return ForecastPage;
  if (path.startsWith('/admin/quotes')) return QuoteUploadPage;
  if (path.startsWith('/admin/valuation-settings')) return ValuationSettingsPage;
  if (path.startsWith('/admin/menus')) return MenuCenter;
  if (path.startsWith('/admin/articles')) return ArticlesPlaceholder;
  if (path.startsWith('/admin/pdf')) return PdfManager;
  return UploadPage;
}

/** Loads the chunk of the page for an /admin path, if it has one of its own (App.tsx, lazy-page.tsx). */
export function preloadAdminPage(path: string): Promise<void> {
  const page = adminPageOf(path);
  return 'preload' in page ? page.preload() : Promise.resolve();
}

function AdminPage({ path }: { path: string }) {
  const Page = adminPageOf(path);
  return <Page />;
}

const narrow = () => window.innerWidth <= MOBILE_MAX_WIDTH;

/**
 * The back office's frame: a collapsible sidebar (an overlay at ≤ 768 px, where it starts collapsed) and
 * the page for the current /admin path.
 */
export default function AdminLayout({ path }: { path: string }) {
  const [collapsed, setCollapsed] = useState(narrow);
  useEffect(() => {
    const onResize = () => setCollapsed(narrow());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const closeOnPhone = () => {
    if (narrow()) setCollapsed(true);
  };
  return (
    <div className={`admin${collapsed ? ' is-collapsed' : ''}`}>
      <aside className="panel admin__sidebar" aria-label="管理后台导航">
        <button
          type="button"
          className="admin__toggle"
          aria-expanded={!collapsed}
          aria-label={collapsed ? '展开侧边栏' : '收起侧边栏'}
          onClick={() => setCollapsed((value) => !value)}
        >
          {collapsed ? '☰' : '«'}
        </button>
        <nav>
          <ul>
            {SECTIONS.map((section) => {
              const active =
                path === section.path ||
                path.startsWith(`${section.path}/`) ||
                (section.path === '/admin/upload' && path === '/admin');
              return (
                <li key={section.path}>
                  <Link
                    to={section.path}
                    className={active ? 'is-active' : undefined}
                    onNavigate={closeOnPhone}
                    {...(active ? { 'aria-current': 'page' as const } : {})}
                  >
                    {section.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      {!collapsed && (
        <button type="button" className="admin__scrim" aria-label="关闭侧边栏" onClick={() => setCollapsed(true)} />
      )}
      <div className="admin__content">
        <Suspense fallback={<div className="page-loading">加载中…</div>}>
          <AdminPage path={path} />
        </Suspense>
      </div>
    </div>
  );
}
