import { useId, useMemo, useState } from 'react';
import { Pager } from '../../ui/Pager.tsx';
import { usePaged } from '../../ui/use-paged.ts';
import type { CompanyStatus } from '../admin-api.ts';
import { LIST_PAGE_SIZES } from '../PagedTable.tsx';
import { CompanyBlock } from './CompanyBlock.tsx';
import type { NewUploads } from './new-uploads.ts';
import type { RateLimiter } from './rate-limit.ts';
import './CompanyBlocks.css';

interface CompanyBlocksProps {
  readonly companies: readonly CompanyStatus[];
  readonly newUploads: NewUploads;
  readonly limiter: RateLimiter;
  onChanged(): void;
  onDeleted(company: string): void;
}

/** Newly uploaded companies first, then the server's order; a search narrows by name or code. */
function arrange(companies: readonly CompanyStatus[], newUploads: NewUploads, query: string): CompanyStatus[] {
  const wanted = query.trim().toLowerCase();
  const matching = wanted
    ? companies.filter(
        (company) => company.name.toLowerCase().includes(wanted) || company.code.toLowerCase().includes(wanted),
      )
    : [...companies];
  return matching.sort((a, b) => Number(newUploads.has(b.name)) - Number(newUploads.has(a.name)));
}

/** Every company's report completeness and its own actions. */
export function CompanyBlocks({ companies, newUploads, limiter, onChanged, onDeleted }: CompanyBlocksProps) {
  const titleId = useId();
  const [query, setQuery] = useState('');
  const arranged = useMemo(() => arrange(companies, newUploads, query), [companies, newUploads, query]);
  const paged = usePaged(arranged, LIST_PAGE_SIZES[0]);
  const fresh = companies.filter((company) => newUploads.has(company.name)).length;

  return (
    <section className="panel panel--stack upload-card" aria-labelledby={titleId}>
      <header className="upload-card__header">
        <h2 id={titleId}>公司数据与估值</h2>
        <span className="upload-card__meta">
          {companies.length} 家{fresh > 0 ? ` · 新上传 ${fresh} 家` : ''}
        </span>
        <input
          type="search"
          className="field upload-search"
          placeholder="按名称或代码筛选"
          aria-label="按名称或代码筛选公司"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            paged.setPage(1);
          }}
        />
      </header>
      {arranged.length === 0 ? (
        <p className="upload-empty">
          {companies.length === 0 ? '暂无公司数据，请先上传财务报表。' : '没有匹配的公司。'}
        </p>
      ) : (
        <>
          <ul className="company-blocks">
            {paged.rows.map((company) => (
              <CompanyBlock
                key={company.code}
                company={company}
                isNew={newUploads.has(company.name)}
                limiter={limiter}
                onChanged={onChanged}
                onDeleted={onDeleted}
              />
            ))}
          </ul>
          <Pager paged={paged} pageSizes={LIST_PAGE_SIZES} label="公司列表分页" unit="家" />
        </>
      )}
    </section>
  );
}
