import type { PriceAgainstValue } from '../market/price-against-value.ts';
import { type Tone, toneOf } from './tone.ts';

/**
 * The rows of price against value, in the order the report header, the custom page, the PDF and the share
 * image show them. `kind` says how a row is written: 元 per share, 亿元, percent, or a multiple (倍).
 */
export type MarketRowKind = 'yuan' | 'yi' | 'percent' | 'times';
export type MarketRowKey =
  | 'price'
  | 'market_cap'
  | 'value_per_share'
  | 'margin_of_safety'
  | 'pe'
  | 'pb'
  | 'fcff_ev_yield'
  | 'ev_ebit';

export interface MarketRow {
  readonly key: MarketRowKey;
  readonly label: string;
  readonly kind: MarketRowKind;
  /** What a null means here: a ratio that is not meaningful ('n.m.'), or a figure that is missing. */
  readonly whenNull: string;
}

export const MARKET_ROWS: readonly MarketRow[] = [
  { key: 'price', label: '现价', kind: 'yuan', whenNull: '-' },
  { key: 'market_cap', label: '总市值', kind: 'yi', whenNull: '-' },
  { key: 'value_per_share', label: '每股价值', kind: 'yuan', whenNull: '不适用' },
  { key: 'margin_of_safety', label: '安全边际', kind: 'percent', whenNull: '不适用' },
  { key: 'pe', label: '市盈率 P/E', kind: 'times', whenNull: 'n.m.' },
  { key: 'pb', label: '市净率 P/B', kind: 'times', whenNull: 'n.m.' },
  { key: 'fcff_ev_yield', label: 'FCFF收益率（市场EV）', kind: 'percent', whenNull: 'n.m.' },
  { key: 'ev_ebit', label: 'EV/EBIT（市场EV）', kind: 'times', whenNull: 'n.m.' },
];

/** The quote's date as shown beside the price: '2024-12-31', with '（过期）' when older than 30 days. */
export function quoteDateText(market: Pick<PriceAgainstValue, 'date' | 'stale'>): string {
  return market.stale ? `${market.date}（过期）` : market.date;
}

/**
 * The colour of a margin of safety: the report's one colour rule for a change (A-share convention: rise when
 * the value is above the price, fall when below).
 */
export function marginOfSafetyTone(margin: number | null): Tone {
  return toneOf(margin, 'change');
}

/** The number formats of the screen or the PDF (the same rules: 2 decimals, zh-CN grouping). */
export interface NumberFormats {
  readonly amount: (value: number) => string;
  readonly percent: (value: number) => string;
}

const UNITS: Readonly<Record<MarketRowKind, string>> = { yuan: ' 元', yi: ' 亿元', percent: '', times: '倍' };

/** A row's figure as text: '75.22 元', '5,758.81 亿元', '24.36%', '13.50倍', or its null text. */
export function marketFigureText(
  row: MarketRow,
  market: { readonly [Key in MarketRowKey]?: number | null },
  formats: NumberFormats,
): string {
  const value = market[row.key] ?? null;
  if (value === null || !Number.isFinite(value)) return row.whenNull;
  const text = row.kind === 'percent' ? formats.percent(value) : formats.amount(value);
  return `${text}${UNITS[row.kind]}`;
}
