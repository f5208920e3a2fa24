import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { readRecentCompanies } from './recent-companies.ts';
import './RecentCompanies.css';

/** A company of the sidebar: one this browser opened. */
export interface RecentCompany {
  readonly name: string;
  readonly sector: string;
}

/** The list is filled locally after 300 ms, with no call. */
const RECENT_FILL_DELAY_MS = 300;

function openedCompanies(): readonly RecentCompany[] {
  return readRecentCompanies().map((company) => ({ name: company.name, sector: company.industry }));
}

/**
 * The main page's right sidebar: the companies this browser opened last (never a made-up list), one tap to
 * open a report. Hidden ≤ 768 px.
 */
export function RecentCompanies({ onPick }: { onPick: (name: string) => void }) {
  const titleId = useId();
  const [items, setItems] = useState<readonly RecentCompany[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    setItems(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setItems(openedCompanies()), RECENT_FILL_DELAY_MS);
  }, []);

  useEffect(() => {
    refresh();
    return () => clearTimeout(timer.current);
  }, [refresh]);

  return (
    <section className="panel recent-companies" aria-labelledby={titleId}>
      <header className="recent-companies__header">
        <h2 id={titleId} className="recent-companies__title">
          最近估值公司
        </h2>
        <button
          type="button"
          className="recent-companies__refresh"
          onClick={refresh}
          disabled={items === null}
          aria-busy={items === null}
        >
          刷新
        </button>
      </header>
      {items === null ? (
        <p className="recent-companies__loading" role="status">
          加载中…
        </p>
      ) : items.length === 0 ? (
        <p className="recent-companies__loading">打开的公司会列在这里</p>
      ) : (
        <ul className="recent-companies__list">
          {items.map((company) => (
            <li key={company.name}>
              <button type="button" className="recent-companies__item" onClick={() => onPick(company.name)}>
                <span className="recent-companies__name">{company.name}</span>
                <span className="recent-companies__sector">{company.sector}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
