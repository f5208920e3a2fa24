import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { readRecentCompanies } from './recent-companies.ts';
import './RecentCompanies.css';

/** A company of the sidebar: one this browser opened, or a recommended one (fixed sample data). */
export interface RecentCompany {
  readonly name: string;
  readonly sector: string;
  readonly trend?: 'up' | 'down' | 'stable';
}

/** Shown while this browser has opened no company yet ('s sample list). */
const SAMPLE_COMPANIES: readonly RecentCompany[] = [
  { name: '美的集团', sector: '家用电器', trend: 'up' },
  { name: '格力电器', sector: '家用电器', trend: 'stable' },
  { name: '海尔智家', sector: '家用电器', trend: 'up' },
  { name: '安琪酵母', sector: '食品制造', trend: 'down' },
  { name: '顺丰控股', sector: '物流快递', trend: 'up' },
  { name: '大华股份', sector: '安防电子', trend: 'down' },
];

/** The list is filled locally after 300 ms, with no call. */
const RECENT_FILL_DELAY_MS = 300;

const TREND = {
  up: { arrow: '↑', label: '上升' },
  down: { arrow: '↓', label: '下降' },
  stable: { arrow: '→', label: '持平' },
} as const;

function recentOrSample(): { items: readonly RecentCompany[]; opened: boolean } {
  const opened = readRecentCompanies().map((company) => ({ name: company.name, sector: company.industry }));
  return opened.length > 0 ? { items: opened, opened: true } : { items: SAMPLE_COMPANIES, opened: false };
}

/**
 * The main page's right sidebar: the companies this browser opened last (else recommended ones), one tap to
 * open a report. Hidden ≤ 768 px.
 */
export function RecentCompanies({ onPick }: { onPick: (name: string) => void }) {
  const titleId = useId();
  const [list, setList] = useState<ReturnType<typeof recentOrSample> | null>(null);
  const items = list?.items ?? null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refresh = useCallback(() => {
    setList(null);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setList(recentOrSample()), RECENT_FILL_DELAY_MS);
  }, []);

  useEffect(() => {
    refresh();
    return () => clearTimeout(timer.current);
  }, [refresh]);

  return (
    <section className="panel recent-companies" aria-labelledby={titleId}>
      <header className="recent-companies__header">
        <h2 id={titleId} className="recent-companies__title">
          {list && !list.opened ? '推荐公司' : '最近估值公司'}
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
      ) : (
        <ul className="recent-companies__list">
          {items.map((company) => (
            <li key={company.name}>
              <button type="button" className="recent-companies__item" onClick={() => onPick(company.name)}>
                <span className="recent-companies__name">{company.name}</span>
                <span className="recent-companies__sector">{company.sector}</span>
                {company.trend && (
                  <span className={`recent-companies__trend recent-companies__trend--${company.trend}`}>
                    <span aria-hidden="true">{TREND[company.trend].arrow}</span>
                    <span className="visually-hidden">{TREND[company.trend].label}</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
