import {
  DEFAULT_SCREENER_QUERY,
  MODEL_IDS,
  MODEL_SHORT_NAMES,
  type ModelId,
  type ScreenerQuery,
  type ScreenerRow,
  type ScreenPage,
  screen,
  VERDICTS,
  type Verdict,
  WARNING_CODES,
  type WarningCode,
} from '@fcf/engine';
import { WARNING_TITLES } from '@fcf/engine/report';

/** What the 估值筛选 page's controls hold; '' is 全部 (no filter). */
export interface ScreenerFilters {
  readonly sort: ScreenerQuery['sort'];
  readonly order: ScreenerQuery['order'];
  readonly industry: string;
  readonly minCap: string;
  readonly maxCap: string;
  readonly model: ModelId | 'none' | '';
  readonly verdict: Verdict | 'none' | '';
  readonly warning: WarningCode | 'none' | '';
  /** Show the companies whose value is not meaningful (hidden by default). */
  readonly showNotMeaningful: boolean;
}

export const DEFAULT_FILTERS: ScreenerFilters = {
  sort: DEFAULT_SCREENER_QUERY.sort,
  order: DEFAULT_SCREENER_QUERY.order,
  industry: '',
  minCap: '',
  maxCap: '',
  model: '',
  verdict: '',
  warning: '',
  showNotMeaningful: false,
};

export interface FilterOption<Value extends string> {
  readonly value: Value;
  readonly label: string;
}

export const MODEL_OPTIONS: readonly FilterOption<ScreenerFilters['model']>[] = [
  { value: '', label: '全部' },
  ...MODEL_IDS.map((id) => ({ value: id, label: MODEL_SHORT_NAMES[id] })),
  { value: 'none', label: '无模型可估' },
];

export const VERDICT_OPTIONS: readonly FilterOption<ScreenerFilters['verdict']>[] = [
  { value: '', label: '全部' },
  ...VERDICTS.map((verdict) => ({ value: verdict, label: verdict })),
  { value: 'none', label: '无结论' },
];

/** 全部, 无提示, then each warning the rows carry, in the engine's order, by its title. */
export function warningOptions(rows: readonly ScreenerRow[]): FilterOption<ScreenerFilters['warning']>[] {
  const present = new Set(rows.flatMap((row) => row.flags));
  return [
    { value: '', label: '全部' },
    { value: 'none', label: '无提示' },
    ...WARNING_CODES.filter((code) => present.has(code)).map((code) => ({ value: code, label: WARNING_TITLES[code] })),
  ];
}

function numberOrUndefined(text: string): number | undefined {
  const value = Number(text);
  return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
}

/** The engine's screen of the controls' values: every row that passes (the list is virtual). */
export function queryOfFilters(filters: ScreenerFilters, limit: number): ScreenerQuery {
  return {
    sort: filters.sort,
    order: filters.order,
    industry: filters.industry || undefined,
    minMarketCap: numberOrUndefined(filters.minCap),
    maxMarketCap: numberOrUndefined(filters.maxCap),
    model: filters.model || undefined,
    verdict: filters.verdict || undefined,
    warning: filters.warning || undefined,
    hideFlagged: !filters.showNotMeaningful,
    limit,
    offset: 0,
  };
}

/** The rows shown, and how many companies with a value that is not meaningful the other filters pass. */
export function screenRows(
  rows: readonly ScreenerRow[],
  filters: ScreenerFilters,
): { readonly shown: ScreenPage['rows']; readonly notMeaningful: number } {
  const page = screen(rows, queryOfFilters(filters, rows.length));
  if (!filters.showNotMeaningful) return { shown: page.rows, notMeaningful: page.hidden };
  const hidden = screen(rows, queryOfFilters({ ...filters, showNotMeaningful: false }, 0)).hidden;
  return { shown: page.rows, notMeaningful: hidden };
}
