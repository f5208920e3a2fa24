import { useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_COMPANY } from '../lib/default-company.ts';
import { openInNewTab } from '../lib/open-in-new-tab.ts';
import type { ReportSectionMenu } from '../store/menus.ts';
import { FALLBACK_CORE_MENUS, loadCoreMenus } from '../store/menus.ts';
import { CompanyLookup } from '../ui/company-picker/CompanyLookup.tsx';
import { RecentCompanies } from '../ui/company-picker/RecentCompanies.tsx';
import { useQueryParam, useRouter } from '../ui/router.tsx';
import { OfflineDownload } from './OfflineDownload.tsx';
import { PdfDownload } from './pdf/PdfDownload.tsx';
import { ReportModules } from './ReportModules.tsx';
import { SectionNav } from './SectionNav.tsx';
import { shownSections } from './shown-sections.ts';
import { useCompanyReport } from './use-company-report.ts';
import './AnalysisPage.css';

const SELECTED_KEY = 'selectedCompany';

function initialCompany(fromQuery: string | null): string {
  return fromQuery?.trim() || localStorage.getItem(SELECTED_KEY) || DEFAULT_COMPANY;
}

/** The analysis page: search, the report's modules in menu order, section navigation, quick picks. */
export function AnalysisPage() {
  const { location, navigate } = useRouter();
  const fromQuery = useQueryParam('company');
  const [company, setCompany] = useState<string | null>(() => initialCompany(fromQuery));
  const [sections, setSections] = useState<readonly ReportSectionMenu[]>(FALLBACK_CORE_MENUS);
  const { state, refresh } = useCompanyReport(company);

  useEffect(() => {
    loadCoreMenus().then(setSections);
  }, []);
  // A deep link (/?company=…) followed while the page is open switches the company.
  useEffect(() => {
    if (fromQuery?.trim()) setCompany(fromQuery.trim());
  }, [fromQuery]);

  const choose = useCallback(
    (name: string | null) => {
      setCompany(name);
      if (name && name !== DEFAULT_COMPANY) localStorage.setItem(SELECTED_KEY, name);
      else localStorage.removeItem(SELECTED_KEY);
      const query = name ? `?company=${encodeURIComponent(name)}` : '';
      navigate(`${location.pathname}${query}`, { replace: true });
    },
    [location.pathname, navigate],
  );

  // Only the menu's paths the report has a section for: the section menu then has no dead links.
  const modules = useMemo(() => shownSections(sections.map(({ path, name }) => ({ path, name }))), [sections]);
  const shownCompany = state.status === 'ready' ? state.report.company : null;

  return (
    <div className="analysis">
      <aside className="analysis__nav">{company && <SectionNav sections={modules} />}</aside>
      <div className="analysis__main">
        <div className="analysis__toolbar">
          <CompanyLookup current={company} onChoose={choose} />
          <PdfDownload company={company} report={state.status === 'ready' ? state.report : null} />
          <OfflineDownload />
        </div>
        {shownCompany && (
          <div className="analysis__heading">
            <h2>
              {shownCompany.name}
              <span className="analysis__code">{shownCompany.code}</span>
            </h2>
            <span className="analysis__industry">{shownCompany.industry}</span>
            {state.status === 'ready' && state.stale && (
              <span className="analysis__stale">无法连接服务器，显示的是离线缓存数据</span>
            )}
            <button type="button" className="button button--ghost analysis__refresh" onClick={refresh}>
              刷新数据
            </button>
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
          onOpenCustom={(name) => openInNewTab(`/valuation-custom?company=${encodeURIComponent(name)}`)}
        />
      </div>
      <aside className="analysis__side">
        <RecentCompanies onPick={choose} />
      </aside>
    </div>
  );
}
