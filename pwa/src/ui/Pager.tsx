import { useId } from 'react';
import { pageLinks } from './pagination.ts';
import type { Paged } from './use-paged.ts';
import './Pager.css';

interface PagerProps {
  readonly paged: Paged<unknown>;
  readonly pageSizes: readonly number[];
  /** What is being paged, for the navigation's accessible name ('文件列表分页'). */
  readonly label: string;
  readonly unit?: string;
}

/** Page-size choice, total, previous/next and numbered page buttons (compact on a phone). */
export function Pager({ paged, pageSizes, label, unit = '条' }: PagerProps) {
  const sizeId = useId();
  const { page, pageCount, total } = paged;
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager__total">
        共 {total} {unit}
      </span>
      <label className="pager__size" htmlFor={sizeId}>
        每页
        <select id={sizeId} value={paged.pageSize} onChange={(event) => paged.setPageSize(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div className="pager__pages">
        <button
          type="button"
          className="pager__button"
          disabled={page <= 1}
          onClick={() => paged.setPage(page - 1)}
          aria-label="上一页"
        >
          ‹
        </button>
        {pageLinks(page, pageCount).map((link, index) =>
          link === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <span key={`gap-${index}`} className="pager__gap" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={link}
              type="button"
              className="pager__button"
              aria-current={link === page ? 'page' : undefined}
              aria-label={`第 ${link} 页`}
              onClick={() => paged.setPage(link)}
            >
              {link}
            </button>
          ),
        )}
        <button
          type="button"
          className="pager__button"
          disabled={page >= pageCount}
          onClick={() => paged.setPage(page + 1)}
          aria-label="下一页"
        >
          ›
        </button>
      </div>
    </nav>
  );
}
