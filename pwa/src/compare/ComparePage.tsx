import type { CompanyListItem } from '@fcf/engine/contract';
import { COMPARE_MAX, COMPARE_MIN, type CompareView, compareHref, parseCompareCodes } from '@fcf/engine/report';
import { useState } from 'react';
import { Chart } from '../ui/charts/Chart.tsx';
import { CompanySearchBar } from '../ui/company-picker/CompanySearchBar.tsx';
import { useCompanyList } from '../ui/company-picker/use-company-list.ts';
import { RetryNotice } from '../ui/RetryNotice.tsx';
import { Link, useQueryParam, useRouter } from '../ui/router.tsx';
import { useOnline } from '../ui/use-online.ts';
import { CompareTable } from './CompareTable.tsx';
import { type UnavailableCompany, useCompare } from './use-compare.ts';
import '../ui/report-notice.css';
import './ComparePage.css';

/** The three home-appliance makers of the sample data: what an empty comparison offers to start with. */
const EXAMPLE_CODES = ['000333', '000651', '600690'];

function Unavailable({ companies, online }: { companies: readonly UnavailableCompany[]; online: boolean }) {
  if (companies.length === 0) return null;
  return (
    <div className="report-notice report-notice--warning" data-testid="compare-unavailable">
      <p>{online ? '以下公司暂时无法对比：' : '离线状态下，以下公司本机没有数据，未参与对比：'}</p>
      <ul>
        {companies.map((company) => (
          <li key={company.code} data-company={company.code}>
            {company.name ? `${company.name}（${company.code}）` : company.code}：{company.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CompareCharts({ view }: { view: CompareView }) {
  return (
    <section className="compare-page__charts" aria-label="指标对比图">
      {view.charts.map((chart) => (
        <div key={chart.id} data-testid="compare-chart" data-chart={chart.id}>
          <Chart spec={chart} />
        </div>
      ))}
    </section>
  );
}

/**
 * 公司数据对比 (/compare?codes=000333,000651): the address is the state — adding or removing a company is a
 * navigation, so the page is shareable and back/forward steps through the changes.
 */
export default function ComparePage() {
  const { navigate } = useRouter();
  const online = useOnline();
  const { codes, rejected } = parseCompareCodes(useQueryParam('codes'));
  const [reload, setReload] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const state = useCompare(codes, reload);
  const list = useCompanyList();

  const add = (company: CompanyListItem) => {
    if (codes.includes(company.code)) setNotice(`${company.name}已在对比中`);
    else if (codes.length >= COMPARE_MAX) setNotice(`最多同时对比 ${COMPARE_MAX} 家公司，请先移除一家`);
    else {
      setNotice(null);
      navigate(compareHref([...codes, company.code]));
    }
  };
  const remove = (code: string) => {
    setNotice(null);
    navigate(compareHref(codes.filter((one) => one !== code)));
  };

  return (
    <div className="compare-page">
      <h1>公司数据对比</h1>
      <p className="compare-page__lead">
        选择 {COMPARE_MIN}–{COMPARE_MAX}{' '}
        家公司，横向对比最新年报的关键指标、每股价值与安全边际。页面地址即对比内容，可直接分享；已打开过的公司离线也能对比。
      </p>
      <div className="compare-page__search">
        <CompanySearchBar
          key={codes.join(',')}
          companies={list.companies}
          current={null}
          loading={list.loading}
          error={list.error}
          onRetry={list.retry}
          onSelect={add}
          onClear={() => setNotice(null)}
        />
        <p className="compare-page__count" aria-live="polite">
          已选 {codes.length}/{COMPARE_MAX} 家{notice ? `。${notice}` : ''}
        </p>
      </div>
      {rejected.length > 0 ? (
        <p className="report-notice report-notice--warning">地址中的“{rejected.join('、')}”不是股票代码，已忽略。</p>
      ) : null}
      {state.status === 'empty' ? (
        <div className="compare-page__empty">
          <p>还没有选择公司。用上方搜索框添加公司，或从示例开始：</p>
          <Link to={compareHref(EXAMPLE_CODES)} className="button button--primary">
            对比 美的集团 · 格力电器 · 海尔智家
          </Link>
        </div>
      ) : null}
      {state.status === 'loading' ? (
        <p className="compare-page__status" role="status">
          正在加载 {state.count} 家公司的数据…
        </p>
      ) : null}
      {state.status === 'error' ? (
        <RetryNotice
          message={online ? `数据加载失败：${state.message}` : '离线状态下无法加载公司列表，联网后重试。'}
          onRetry={() => setReload((value) => value + 1)}
        />
      ) : null}
      {state.status === 'ready' ? (
        <>
          {state.stale ? <p className="compare-page__status">无法连接服务器，部分数据为离线缓存</p> : null}
          <Unavailable companies={state.unavailable} online={online} />
          {state.view.columns.length > 0 && state.view.columns.length < COMPARE_MIN ? (
            <p className="compare-page__status">再添加至少 1 家公司即可对比。</p>
          ) : null}
          {state.view.columns.length > 0 ? (
            <>
              <CompareTable view={state.view} onRemove={remove} />
              <CompareCharts view={state.view} />
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
