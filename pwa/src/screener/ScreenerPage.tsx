import {
  MODEL_SHORT_NAMES,
  SCREENER_SORT_LABELS,
  SCREENER_SORTS,
  type ScreenerRow,
  type ScreenerSort,
} from '@fcf/engine';
import { EMPTY, formatAmount, formatPercent, marginOfSafetyTone, ratingText, warningSpecs } from '@fcf/engine/report';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { DataDateBadge } from '../ui/DataDateBadge.tsx';
import { useRouter } from '../ui/router.tsx';
import { WarningMark } from '../ui/WarningMark.tsx';
import {
  DEFAULT_FILTERS,
  type FilterOption,
  MODEL_OPTIONS,
  type ScreenerFilters,
  screenRows,
  VERDICT_OPTIONS,
  warningOptions,
} from './screener-filters.ts';
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

function Choice<Value extends string>(props: {
  readonly label: string;
  readonly value: Value;
  readonly options: readonly FilterOption<Value>[];
  readonly onChange: (value: Value) => void;
}): ReactNode {
  return (
    <label>
      {props.label}
      <select value={props.value} onChange={(event) => props.onChange(event.target.value as Value)}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const modelName = (row: ScreenerRow) => (row.model ? MODEL_SHORT_NAMES[row.model] : '无模型');

/**
 * 估值筛选: every company with a value and a price, from the offline copy, sortable by margin of safety,
 * P/E, P/B, FCF yield, ROIC, ROE and revenue growth, filtered by industry, market cap, model, verdict and
 * warning; values that are not meaningful are hidden unless asked for, with their count said. The list is
 * virtual (only the rows in view exist), so the whole market scrolls smoothly on a phone.
 */
export default function ScreenerPage() {
  const state = useScreenerRows();
  const { navigate } = useRouter();
  const [filters, setFilters] = useState<ScreenerFilters>(DEFAULT_FILTERS);
  const set = <Key extends keyof ScreenerFilters>(key: Key, value: ScreenerFilters[Key]) =>
    setFilters((current) => ({ ...current, [key]: value }));
  const rows = state.status === 'ready' ? state.rows : [];
  const industries = useMemo(() => [...new Set(rows.map((row) => row.industry))].sort(), [rows]);
  const warnings = useMemo(() => warningOptions(rows), [rows]);
  const { shown, notMeaningful } = useMemo(() => screenRows(rows, filters), [rows, filters]);
  const { sort } = filters;
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
        <Choice
          label="排序"
          value={sort}
          options={SCREENER_SORTS.map((key) => ({ value: key, label: SCREENER_SORT_LABELS[key] }))}
          onChange={(value) => set('sort', value)}
        />
        <Choice
          label="行业"
          value={filters.industry}
          options={[{ value: '', label: '全部' }, ...industries.map((name) => ({ value: name, label: name }))]}
          onChange={(value) => set('industry', value)}
        />
        <Choice label="估值模型" value={filters.model} options={MODEL_OPTIONS} onChange={(v) => set('model', v)} />
        <Choice label="结论" value={filters.verdict} options={VERDICT_OPTIONS} onChange={(v) => set('verdict', v)} />
        <Choice label="估值提示" value={filters.warning} options={warnings} onChange={(v) => set('warning', v)} />
        <button
          type="button"
          className="button button--ghost"
          onClick={() => set('order', filters.order === 'desc' ? 'asc' : 'desc')}
          aria-label={filters.order === 'desc' ? '从高到低，点击改为从低到高' : '从低到高，点击改为从高到低'}
        >
          {filters.order === 'desc' ? '从高到低 ↓' : '从低到高 ↑'}
        </button>
        <label>
          总市值（亿元）
          <span className="screener__range">
            <input
              inputMode="decimal"
              placeholder="最低"
              aria-label="总市值下限（亿元）"
              value={filters.minCap}
              onChange={(event) => set('minCap', event.target.value)}
            />
            <input
              inputMode="decimal"
              placeholder="最高"
              aria-label="总市值上限（亿元）"
              value={filters.maxCap}
              onChange={(event) => set('maxCap', event.target.value)}
            />
          </span>
        </label>
      </form>
      {state.status === 'loading' && <p role="status">加载中…</p>}
      {state.status === 'error' && <p className="notice notice--error">{state.message}</p>}
      {state.status === 'ready' && (
        <div className="screener__count">
          <p role="status" data-testid="screener-count">
            共 {shown.length} 家公司
            {notMeaningful > 0 &&
              (filters.showNotMeaningful
                ? `，含 ${notMeaningful} 家估值无意义`
                : `；已隐藏 ${notMeaningful} 家：估值无意义`)}
          </p>
          {notMeaningful > 0 || filters.showNotMeaningful ? (
            <button
              type="button"
              className="button button--ghost"
              data-testid="screener-show-hidden"
              aria-pressed={filters.showNotMeaningful}
              onClick={() => set('showNotMeaningful', !filters.showNotMeaningful)}
            >
              {filters.showNotMeaningful ? '隐藏估值无意义的公司' : '显示估值无意义的公司'}
            </button>
          ) : null}
        </div>
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
                data-model={row.model ?? ''}
                data-verdict={row.verdict ?? ''}
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
                    <span className="screener__model-inline"> · {modelName(row)}</span>
                  </small>
                </span>
                <span className="screener__model" data-testid="screener-model">
                  {modelName(row)}
                  <small>估值模型</small>
                </span>
                <span className="screener__verdict" data-testid="screener-verdict">
                  {row.verdict ?? EMPTY}
                  <small>{row.uncertainty_rating ? ratingText(row.uncertainty_rating) : '无结论'}</small>
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
