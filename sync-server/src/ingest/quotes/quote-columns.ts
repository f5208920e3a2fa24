import { QUOTE_FIGURES } from '@fcf/engine/contract';

/**
 * The columns of a quote export, by the names the quote sites and terminals print (东方财富, 同花顺, 通达信,
 * Wind/Choice exports and the year-end files in fixtures/quotes): each header is matched without its unit
 * ('收盘价(元)' → 收盘价, unit 元), which is kept to scale the column.
 */

const QUOTE_FIELDS = ['code', 'name', 'date', ...QUOTE_FIGURES] as const;
type QuoteField = (typeof QUOTE_FIELDS)[number];

const HEADER_NAMES: Readonly<Record<QuoteField, RegExp>> = {
  code: /^(?:股票|证券|A股)?代码$/,
  name: /^(?:股票|证券)?(?:名称|简称)$/,
  date: /^(?:交易|行情|数据)?日期$|^时间$/,
  price: /^(?:最新价|最新|收盘价|收盘|今收盘|现价|股价|最新价格|收盘价格)$/,
  market_cap: /^(?:总市值|A股总市值)$/,
  float_market_cap: /^(?:流通市值|A股流通市值)$/,
  shares: /^(?:总股本|总股数)$/,
  float_shares: /^(?:流通股本|流通股|流通A股|流通股数)$/,
  pe: /^(?:市盈率|PE|P\/E)/i,
  pb: /^(?:市净率|PB|P\/B)/i,
  dividend_yield: /^股息率/,
};

/** A header's name and its bracketed unit: '总市值(亿元)', '总股本【万股】', '市盈率(动)'. */
const HEADER_UNIT = /[(（[【]([^)）\]】]*)[)）\]】]\s*$/;

export interface QuoteColumn {
  readonly index: number;
  readonly header: string;
  /** The unit the header states ('元', '亿', '万股', '%'), undefined when none. */
  readonly unit: string | undefined;
}

export type QuoteColumns = Partial<Record<QuoteField, QuoteColumn>>;

function fieldOf(name: string): QuoteField | undefined {
  return QUOTE_FIELDS.find((field) => HEADER_NAMES[field].test(name));
}

/** The quote columns a header row names; the first column of each kind wins (最新价 before a later 收盘). */
export function quoteColumns(header: readonly string[]): QuoteColumns {
  const columns: QuoteColumns = {};
  header.forEach((cell, index) => {
    const text = cell.normalize('NFKC').replace(/\s/g, '');
    const unitMatch = HEADER_UNIT.exec(text);
    const name = unitMatch ? text.slice(0, unitMatch.index) : text;
    const field = fieldOf(name);
    if (field && columns[field] === undefined) columns[field] = { index, header: cell, unit: unitMatch?.[1] };
  });
  return columns;
}

/** A header row is the first row with a code column and a price column. */
export function isQuoteHeader(columns: QuoteColumns): boolean {
  return columns.code !== undefined && columns.price !== undefined;
}

/** Units of market values (to 亿元) and of share counts (to 亿股), as divisors. */
const MONEY_DIVISORS: Readonly<Record<string, number>> = { 元: 1e8, 万元: 1e4, 万: 1e4, 亿元: 1, 亿: 1 };
const SHARE_DIVISORS: Readonly<Record<string, number>> = { 股: 1e8, 万股: 1e4, 万: 1e4, 亿股: 1, 亿: 1 };

export type ScaledKind = 'money' | 'shares';

export function divisorOfUnit(kind: ScaledKind, unit: string | undefined): number | undefined {
  if (unit === undefined) return undefined;
  return (kind === 'money' ? MONEY_DIVISORS : SHARE_DIVISORS)[unit.replace(/^人民币/, '')];
}

export const UNIT_NAMES: Readonly<Record<ScaledKind, Readonly<Record<number, string>>>> = {
  money: { 1e8: '元', 1e4: '万元', 1: '亿元' },
  shares: { 1e8: '股', 1e4: '万股', 1: '亿股' },
};

/**
 * The unit of a column whose header and cells state none, from its typical (median) size. A-share market
 * values run from about 5 亿元 to 3 万亿元: in 元 that is ≥ 5e8, in 万元 5e4–3e8, in 亿元 5–3e4; share counts
 * run from about 0.4 亿 to 3,600 亿股: in 股 ≥ 4e7, in 万股 4e3–3.6e7, in 亿股 0.4–3.6e3. The ranges meet only
 * at their extremes; a file where they could be confused should state its unit (or carry 总市值 and price,
 * from which the share unit is checked).
 */
export function divisorBySize(kind: ScaledKind, median: number): number {
  if (kind === 'money') {
    if (median >= 5e8) return 1e8;
    return median >= 5e4 ? 1e4 : 1;
  }
  if (median >= 4e7) return 1e8;
  return median >= 4e3 ? 1e4 : 1;
}
