import {
  DEFAULT_SCREENER_QUERY,
  SCREENER_SORT_LABELS,
  SCREENER_SORTS,
  type ScreenerQuery,
  type ScreenerRow,
  type ScreenerSort,
  screen,
} from '@fcf/engine';
import { formatAmount, formatPercent, marginOfSafetyTone, warningSpecs } from '@fcf/engine/report';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { DataDateBadge } from '../ui/DataDateBadge.tsx';
import { useRouter } from '../ui/router.tsx';
import { WarningMark } from '../ui/WarningMark.tsx';
import { useScreenerRows } from './use-screener-rows.ts';
import './ScreenerPage.css';

/** A row's height in px: fixed, so the virtual list places rows without measuring them. */
const ROW_HEIGHT = 56;

const PERCENT_SORTS: ReadonlySet<ScreenerSort> = new Set([
  'margin_of_safety',
  'fcff_ev_yield',
  'roic',
  'roe',
  'revenue_growth',
]);

function sortFigure(row: ScreenerRow, sort: ScreenerSort): string {
  const value = row[sort];
  if (value === null) return 'n.m.';
  return PERCENT_SORTS.has(sort) ? formatPercent(value) : `${formatAmount(value)}倍`;
}

function numberOrUndefined(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

/**
 * 估值筛选: every company with a value and a price, from the offline copy, sortable by margin of safety,
 * P/E, P/B, FCF yield, ROIC, ROE and revenue growth, filtered by industry, market cap and flags; the list
 * is virtual (only the rows in view exist), so the whole market scrolls smoothly on a phone.
 */
export default function ScreenerPage() {
  const state = useScreenerRows();
  const { navigate } = useRouter();
  const [sort, setSort] = useState<ScreenerSort>(DEFAULT_SCREENER_QUERY.sort);
  const [order, setOrder] = useState<ScreenerQuery['order']>(DEFAULT_SCREENER_QUERY.order);
  const [industry, setIndustry] = useState('');
  const [minCap, setMinCap] = useState('');
  const [maxCap, setMaxCap] = useState('');
  const [hideFlagged, setHideFlagged] = useState(true);
  const rows = state.status === 'ready' ? state.rows : [];
  const industries = useMemo(() => [...new Set(rows.map((row) => row.industry))].sort(), [rows]);
  const shown = useMemo(
    () =>
      screen(rows, {
        sort,
        order,
        industry: industry || undefined,
        minMarketCap: numberOrUndefined(minCap),
        maxMarketCap: numberOrUndefined(maxCap),
        hideFlagged,
        limit: rows.length,
        offset: 0,
      }).rows,
    [rows, sort, order, industry, minCap, maxCap, hideFlagged],
  );
  const scroller = useRef<HTMLElement>(null);
  const virtual = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });

  return (
    <div className="screener">
      <header className="page-header">
        <h1>估值筛选</h1>
        <p>有估值且有行情的公司，按最新一期行情计算；离线也可使用。</p>
      </header>
      <form className="screener__filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          排序
          <select value={sort} onChange={(event) => setSort(event.target.value as ScreenerSort)}>
            {SCREENER_SORTS.map((key) => (
              <option key={key} value={key}>
                {SCREENER_SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => setOrder(order === 'desc' ? 'asc' : 'desc')}
          aria-label={order === 'desc' ? '从高到低，点击改为从低到高' : '从低到高，点击改为从高到低'}
        >
          {order === 'desc' ? '从高到低 ↓' : '从低到高 ↑'}
        </button>
        <label>
          行业
          <select value={industry} onChange={(event) => setIndustry(event.target.value)}>
            <option value="">全部</option>
            {industries.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          总市值（亿元）
          <input
            inputMode="decimal"
            placeholder="最低"
            value={minCap}
            onChange={(event) => setMinCap(event.target.value)}
          />
          <input
            inputMode="decimal"
            placeholder="最高"
            value={maxCap}
            onChange={(event) => setMaxCap(event.target.value)}
          />
        </label>
        <label className="screener__check">
          <input type="checkbox" checked={hideFlagged} onChange={(event) => setHideFlagged(event.target.checked)} />
          隐藏估值为负或金融企业
        </label>
      </form>
      {state.status === 'loading' && <p role="status">加载中…</p>}
      {state.status === 'error' && <p className="notice notice--error">{state.message}</p>}
      {state.status === 'ready' && (
        <p className="screener__count" role="status">
          共 {shown.length} 家公司
        </p>
      )}
      <section ref={scroller} className="screener__list" aria-label="筛选结果">
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const row = shown[item.index];
            if (!row) return null;
            return (
              <button
                key={row.code}
                type="button"
                data-testid="screener-row"
                data-company={row.code}
                className="screener__row"
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => navigate(`/?company=${encodeURIComponent(row.code)}`)}
              >
                <span className="screener__name">
                  <span className="screener__title">
                    {row.name}
                    {row.latest_report_year !== null ? (
                      <DataDateBadge
                        latestYear={row.latest_report_year}
                        warnings={row.warnings}
                        basePeriod={row.base_period}
                      />
                    ) : null}
                    <WarningMark warnings={warningSpecs(row.warnings)} />
                  </span>
                  <small>
                    {row.code} · {row.industry}
                  </small>
                </span>
                <span className={`screener__margin tone-${marginOfSafetyTone(row.margin_of_safety)}`}>
                  {row.margin_of_safety === null ? '不适用' : formatPercent(row.margin_of_safety)}
                  <small>安全边际</small>
                </span>
                <span className="screener__figure">
                  {sort === 'margin_of_safety' ? `${formatAmount(row.price)} 元` : sortFigure(row, sort)}
                  <small>{sort === 'margin_of_safety' ? '现价' : SCREENER_SORT_LABELS[sort]}</small>
                </span>
              </button>
            );
          })}
        </div>
      </section>
    </div>
  );
}
