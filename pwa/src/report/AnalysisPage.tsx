import { warningSpecs } from '@fcf/engine/report';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { DEFAULT_COMPANY } from '../lib/default-company.ts';
import { FALLBACK_CORE_MENUS, type ReportSectionMenu } from '../store/menu-defaults.ts';
import { CompanyLookup } from '../ui/company-picker/CompanyLookup.tsx';
import { RecentCompanies } from '../ui/company-picker/RecentCompanies.tsx';
import { recordRecentCompany } from '../ui/company-picker/recent-companies.ts';
import { DataDateBadge } from '../ui/DataDateBadge.tsx';
import { useOpenPage } from '../ui/open-page.tsx';
import { PriceAgainstValue } from '../ui/PriceAgainstValue.tsx';
import { useQueryParam, useRouter } from '../ui/router.tsx';
import { WarningMark } from '../ui/WarningMark.tsx';
import { WatchlistStar } from '../ui/watchlist/WatchlistStar.tsx';
import { initialCompany, SELECTED_COMPANY_KEY } from './initial-company.ts';
import { OfflineDownload } from './OfflineDownload.tsx';
import { PdfDownload } from './pdf/PdfDownload.tsx';
import { ReportModules } from './ReportModules.tsx';
import { SectionNav } from './SectionNav.tsx';
import { shownSections } from './shown-sections.ts';
import { useCompanyReport } from './use-company-report.ts';
import './AnalysisPage.css';

/** The analysis page: search, the report's modules in menu order, section navigation, quick picks. */
export function AnalysisPage() {
  const { location, navigate } = useRouter();
  const openPage = useOpenPage();
  const fromQuery = useQueryParam('company');
  const [company, setCompany] = useState<string | null>(() => initialCompany(fromQuery));
  const [sections, setSections] = useState<readonly ReportSectionMenu[]>(FALLBACK_CORE_MENUS);
  const { state, refresh } = useCompanyReport(company);

  useEffect(() => {
    // The offline copy (IndexedDB) loads after the first screen is shown.
    afterFirstScreen()
      .then(() => import('../store/menus.ts'))
      .then(({ loadCoreMenus }) => loadCoreMenus())
      .then(setSections, () => {});
  }, []);
  // The app icon's 搜索 shortcut (/?focus=search) lands in the search box.
  const focus = useQueryParam('focus');
  useEffect(() => {
    if (focus === 'search') document.querySelector<HTMLInputElement>('[data-testid="company-search-input"]')?.focus();
  }, [focus]);
  // Each company shown is remembered for the sidebar's "最近估值公司" (this browser's own list).
  useEffect(() => {
    if (state.status === 'ready') recordRecentCompany(state.report.company);
  }, [state]);
  // A deep link (/?company=…) followed while the page is open switches the company.
  useEffect(() => {
    if (fromQuery?.trim()) setCompany(fromQuery.trim());
  }, [fromQuery]);

  const choose = useCallback(
    (name: string | null) => {
      setCompany(name);
      if (name && name !== DEFAULT_COMPANY) localStorage.setItem(SELECTED_COMPANY_KEY, name);
      else localStorage.removeItem(SELECTED_COMPANY_KEY);
      const query = name ? `?company=${encodeURIComponent(name)}` : '';
      navigate(`${location.pathname}${query}`, { replace: true });
    },
    [location.pathname, navigate],
  );

  // Only the menu's paths the report has a section for: the section menu then has no dead links.
  const modules = useMemo(() => shownSections(sections.map(({ path, name }) => ({ path, name }))), [sections]);
  const shownCompany = state.status === 'ready' ? state.report.company : null;
  const heading = shownCompany ?? (state.status === 'loading' ? { name: state.company, code: '', industry: '' } : null);

  return (
    <div className="analysis">
      <aside className="analysis__nav">{company && <SectionNav sections={modules} />}</aside>
      <div className="analysis__main">
        <div className="analysis__toolbar">
          <CompanyLookup current={company} onChoose={choose} />
          <PdfDownload company={company} report={state.status === 'ready' ? state.report : null} />
          <OfflineDownload />
        </div>
        {heading && (
          <div className="analysis__heading">
            <h2>
              {heading.name}
              <span className="analysis__code">{heading.code}</span>
            </h2>
            {/* While loading, an invisible pill keeps the heading the height it will have. */}
            <span
              className={heading.industry ? 'analysis__industry' : 'analysis__industry is-placeholder'}
              title={heading.industry || undefined}
            >
              {heading.industry || '行业'}
            </span>
            {state.status === 'ready' && state.report.dcf ? (
              <>
                <DataDateBadge
                  latestYear={state.report.dcf.meta.latest_report_year}
                  warnings={state.report.dcf.warnings}
                  basePeriod={state.report.dcf.meta.base_period}
                />
                <WarningMark warnings={warningSpecs(state.report.dcf.warnings)} />
              </>
            ) : state.status === 'ready' && state.report.model ? (
              <>
                <DataDateBadge
                  latestYear={state.report.model.meta.latest_report_year}
                  warnings={state.report.model.warnings}
                  basePeriod={null}
                />
                <WarningMark warnings={warningSpecs(state.report.model.warnings)} />
              </>
            ) : state.status === 'loading' ? (
              <>
                <span className="data-date is-placeholder">基于 0000 年报</span>
                <span className="warning-mark is-placeholder">⚠ 0</span>
              </>
            ) : null}
            {/* Shown (disabled) while loading too, so the heading keeps its height when the report arrives;
                on a phone the two actions have a line of their own, whatever the width of the facts before. */}
            <span className="analysis__actions">
              <WatchlistStar company={shownCompany?.code ?? null} />
              <button type="button" className="button button--ghost analysis__refresh" onClick={refresh}>
                刷新数据
              </button>
            </span>
            {state.status === 'ready' && state.stale && (
              <span className="analysis__stale">无法连接服务器，显示的是离线缓存数据</span>
            )}
            {(state.status === 'ready' || state.status === 'loading') && (
              <PriceAgainstValue
                market={state.status === 'ready' ? state.report.market : null}
                pending={state.status === 'loading'}
              />
            )}
          </div>
        )}
        {!company && (
          <div className="analysis__empty">
            <p>请输入并选择一家公司，然后点击“查询”查看估值报告。</p>
          </div>
        )}
        <ReportModules
          state={state}
          modules={modules}
          onReload={refresh}
          onOpenCustom={(name) => openPage(`/valuation-custom?company=${encodeURIComponent(name)}`)}
          onPick={choose}
        />
      </div>
      <aside className="analysis__side">
        <RecentCompanies onPick={choose} />
      </aside>
    </div>
  );
}
