import { Suspense, useEffect } from 'react';
import { HomeDashboard } from '../home/HomeDashboard.tsx';
import { AnalysisPage } from '../report/AnalysisPage.tsx';
import { lazyPage } from '../ui/lazy-page.tsx';
import { type AppLocation, RouterProvider, StaticRouter, useRouter } from '../ui/router.tsx';
import { matchRoute, type RouteMatch } from '../ui/routes.ts';
import { TakenOver, useHydrated } from '../ui/use-hydrated.ts';
import { HomeWatchlist } from '../watchlist/HomeWatchlist.tsx';
import { AdminGate } from './AdminGate.tsx';
import { Footer } from './layout/Footer.tsx';
import { InstallHint } from './layout/InstallHint.tsx';
import { NavBar } from './layout/NavBar.tsx';
import { OfflineIndicator } from './layout/OfflineIndicator.tsx';
import { UpdatePrompt } from './layout/UpdatePrompt.tsx';
import { PlaceholderPage } from './PlaceholderPage.tsx';

const LoginPage = lazyPage(() => import('../account/LoginPage.tsx'));
// The back office's frame loads with the chunk of the page at the address it opens with (AdminLayout.tsx).
const AdminLayout = lazyPage<{ path: string }>(() =>
  import('../admin/AdminLayout.tsx').then(async (module) => {
    await module.preloadAdminPage(location.pathname);
    return module;
  }),
);
const ComparePage = lazyPage(() => import('../compare/ComparePage.tsx'));
const CustomValuationPage = lazyPage(() => import('../custom-valuation/CustomValuationPage.tsx'));
const FcfParametersPage = lazyPage(() => import('../admin/fcf-parameters/FcfParametersPage.tsx'));
const IndustryResearchPage = lazyPage(() => import('../research/IndustryResearchPage.tsx'));
const PdfViewerPage = lazyPage(() => import('../research/viewer/PdfViewerPage.tsx'));
const RegisterPage = lazyPage(() => import('../account/RegisterPage.tsx'));
const ScreenerPage = lazyPage(() => import('../screener/ScreenerPage.tsx'));
const WaccToolPage = lazyPage(() => import('../wacc-tool/WaccToolPage.tsx'));
const ValuationModelPage = lazyPage(() => import('../valuation-model/ValuationModelPage.tsx'));

/** The pages with a chunk of their own, by route. */
const LAZY_PAGES: Partial<Record<RouteMatch['kind'], { preload(): Promise<void> }>> = {
  login: LoginPage,
  register: RegisterPage,
  admin: AdminLayout,
  'fcf-parameters': FcfParametersPage,
  compare: ComparePage,
  'custom-valuation': CustomValuationPage,
  'industry-research': IndustryResearchPage,
  'pdf-viewer': PdfViewerPage,
  screener: ScreenerPage,
  'wacc-tool': WaccToolPage,
  'valuation-model': ValuationModelPage,
};

/**
 * Loads the chunk of the page at `pathname` (main.tsx, before React's first render): the page is then drawn
 * at once instead of after a loading state that React would hold for 300 ms (lazy-page.tsx).
 */
export function preloadPageOf(pathname: string): Promise<void> {
  return LAZY_PAGES[matchRoute(pathname).kind]?.preload() ?? Promise.resolve();
}

function Redirect({ to }: { to: string }) {
  const { location, navigate } = useRouter();
  const target = `${to}${location.search}`;
  useEffect(() => navigate(target, { replace: true }), [navigate, target]);
  return null;
}

function Page({ route, hydrated }: { route: RouteMatch; hydrated: boolean }) {
  switch (route.kind) {
    case 'home':
      return (
        <>
          <HomeDashboard watchlist={<HomeWatchlist />} />
          {hydrated && <AnalysisPage />}
        </>
      );
    case 'analysis':
    case 'print':
      return <AnalysisPage />;
    case 'placeholder':
      return <PlaceholderPage title={route.title} />;
    case 'custom-valuation':
      return <CustomValuationPage />;
    case 'wacc-tool':
      return <WaccToolPage />;
    case 'compare':
      return <ComparePage />;
    case 'valuation-model':
      return <ValuationModelPage />;
    case 'industry-research':
      return <IndustryResearchPage />;
    case 'screener':
      return <ScreenerPage />;
    case 'pdf-viewer':
      return <PdfViewerPage routeId={route.id} />;
    case 'login':
      return <LoginPage />;
    case 'register':
      return <RegisterPage />;
    case 'redirect':
      return <Redirect to={route.to} />;
    case 'admin':
      return (
        <AdminGate>
          <AdminLayout path={route.path} />
        </AdminGate>
      );
    case 'fcf-parameters':
      return (
        <AdminGate>
          <FcfParametersPage />
        </AdminGate>
      );
  }
}

function Shell() {
  const { location } = useRouter();
  const route = matchRoute(location.pathname);
  // /print/* renders the page alone, without header and footer (docs/requirements.md#screens-and-routes); so does the PDF viewer, which
  // opens in a tab of its own and needs the whole screen.
  const chrome = route.kind !== 'print' && route.kind !== 'pdf-viewer';
  // The home page's first screen, rendered at build time (first-screen.tsx), is the bar and the dashboard:
  // the rest is drawn once React has taken that markup over.
  const hydrated = useHydrated();
  return (
    <>
      {chrome && <NavBar />}
      {hydrated && <OfflineIndicator />}
      <main className={chrome ? 'site-main' : 'site-main site-main--print'}>
        <Suspense fallback={<div className="page-loading">加载中…</div>}>
          <Page route={route} hydrated={hydrated} />
          <TakenOver />
        </Suspense>
      </main>
      {chrome && hydrated && <Footer />}
      {hydrated && <UpdatePrompt />}
      {hydrated && <InstallHint />}
    </>
  );
}

/**
 * The app. `location` fixes the route for markup rendered ahead of the browser (first-screen.tsx); in the
 * browser the location is the window's.
 */
export function App({ location }: { readonly location?: AppLocation }) {
  return location ? (
    <StaticRouter location={location}>
      <Shell />
    </StaticRouter>
  ) : (
    <RouterProvider>
      <Shell />
    </RouterProvider>
  );
}
