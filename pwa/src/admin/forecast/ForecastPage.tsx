import { useId, useMemo, useState } from 'react';
import { Pager } from '../../ui/Pager.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import { useRemote } from '../../ui/use-remote.ts';
import { companiesStatus, listFiles } from '../admin-api.ts';
import { companiesStatusError, errorText } from '../admin-messages.ts';
import { CompanyCard } from './CompanyCard.tsx';
import { COMPANY_FILTERS, type CompanyFilter, fileStatsByCode, filterCompanies } from './forecast-companies.ts';
import './ForecastPage.css';

const PAGE_SIZES = [12, 18, 24] as const;
/** A company with no uploaded file on record. */
const EMPTY_STATS = { files: 0, years: null };

/**
 * Forecast management (/admin/forecast): a card per company with its completeness and data
 * counts, searchable and paged, each leading to its FCF parameter page.
 */
export default function ForecastPage() {
  const searchId = useId();
  const filterId = useId();
  const status = useRemote(companiesStatus, companiesStatusError);
  // The file list only adds counts to the cards; if it fails, the cards still show.
  const files = useRemote(listFiles, errorText);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<CompanyFilter>('all');
  const companies = status.data?.companies;
  const shown = useMemo(() => filterCompanies(companies ?? [], query, filter), [companies, query, filter]);
  const stats = useMemo(() => (files.data ? fileStatsByCode(files.data) : null), [files.data]);
  const paged = usePaged(shown, PAGE_SIZES[0]);
  const statistics = status.data?.statistics;

  return (
    <div className="admin-page">
      <header className="admin-page__header forecast-page__header">
        <div>
          <h1>预测管理</h1>
          {statistics && (
            <p>
              共 {statistics.total_companies} 家公司 · 报表齐全 {statistics.complete_count} 家 · 未估值{' '}
              {statistics.unvalued_count} 家
            </p>
          )}
        </div>
        <div className="forecast-toolbar">
          <label htmlFor={searchId} className="visually-hidden">
            搜索公司
          </label>
          <input
            id={searchId}
            type="search"
            className="field forecast-toolbar__search"
            placeholder="搜索公司名称或代码"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              paged.setPage(1);
            }}
          />
          <label htmlFor={filterId} className="visually-hidden">
            按状态筛选
          </label>
          <select
            id={filterId}
            className="field forecast-toolbar__filter"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as CompanyFilter);
              paged.setPage(1);
            }}
          >
            {(Object.keys(COMPANY_FILTERS) as CompanyFilter[]).map((key) => (
              <option key={key} value={key}>
                {COMPANY_FILTERS[key]}
              </option>
            ))}
          </select>
        </div>
      </header>

      {status.error && (
        <div className="forecast-error" role="alert">
          <p>{status.error}</p>
          <button type="button" className="button button--primary" onClick={status.reload} disabled={status.loading}>
            {status.loading ? '重试中…' : '重试'}
          </button>
        </div>
      )}
      {!companies && !status.error && <p className="forecast-empty">正在加载公司列表…</p>}
      {companies && shown.length === 0 && (
        <p className="forecast-empty">
          {companies.length === 0 ? '暂无公司数据，请先在“数据上传与估值”中上传财务报表。' : '没有符合条件的公司。'}
        </p>
      )}
      {shown.length > 0 && (
        <>
          <ul className="forecast-grid" aria-label="公司" aria-busy={status.loading}>
            {paged.rows.map((company) => (
              <CompanyCard
                key={company.code}
                company={company}
                stats={stats ? (stats.get(company.code) ?? EMPTY_STATS) : null}
              />
            ))}
          </ul>
          <Pager paged={paged} pageSizes={PAGE_SIZES} label="公司卡片分页" unit="家" />
        </>
      )}
    </div>
  );
}
