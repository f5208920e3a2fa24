import { INGEST_ERRORS, IngestError } from '../errors.ts';
import { INGEST_LIMITS } from '../limits.ts';
import { fileKind, readSheets, type SheetGrid } from '../table.ts';
import { findHeaderUnit } from '../units.ts';
import {
  divisorBySize,
  divisorOfUnit,
  isQuoteHeader,
  type QuoteColumn,
  type QuoteColumns,
  quoteColumns,
  type ScaledKind,
  UNIT_NAMES,
} from './quote-columns.ts';
import { findDate, parseDateCell, parseFigure, parseQuoteCode } from './quote-values.ts';

/** One imported quote: price in 元, market values in 亿元, shares in 亿股, dividend yield as a fraction. */
export interface ParsedQuote {
  /** Its row in the sheet, 1 = the first. */
  readonly row: number;
  readonly code: string;
  readonly date: string;
  readonly price: number;
  readonly market_cap: number | null;
  readonly float_market_cap: number | null;
  readonly shares: number | null;
  readonly float_shares: number | null;
  readonly pe: number | null;
  readonly pb: number | null;
  readonly dividend_yield: number | null;
}

interface RefusedRow {
  readonly row: number;
  readonly code: string | null;
  readonly reason: string;
}

export interface ParsedQuoteFile {
  readonly quotes: ParsedQuote[];
  readonly refused: RefusedRow[];
  /** How the market values' and share counts' units were decided, for the uploader to check. */
  readonly units: string;
}

export type QuoteFileOutcome =
  | { readonly success: true; readonly file: ParsedQuoteFile }
  | { readonly success: false; readonly error: string };

export interface QuoteFileOptions {
  /** The form's date: every row is a quote of that day. */
  readonly date?: string | undefined;
  /** The date when neither the form, the rows, the title nor the file name gives one. */
  readonly today: string;
}

export const QUOTE_ERRORS = {
  noHeader: '未找到行情表头：需要“代码”列和“最新价/收盘价/现价”列',
  noRows: '文件中没有行情数据行',
} as const;

/** The header is looked for within the first rows (a title, a unit line, a blank line above it). */
const HEADER_SEARCH_ROWS = 30;
/** A price beyond any A-share (the dearest trade at a few thousand 元) is a misplaced column. */
const MAX_PRICE = 1e6;
const SCALED_FIELDS = {
  market_cap: 'money',
  float_market_cap: 'money',
  shares: 'shares',
  float_shares: 'shares',
} as const satisfies Record<string, ScaledKind>;
type ScaledField = keyof typeof SCALED_FIELDS;
const FIELD_LABELS: Readonly<Record<ScaledField, string>> = {
  market_cap: '总市值',
  float_market_cap: '流通市值',
  shares: '总股本',
  float_shares: '流通股本',
};

interface Table {
  readonly rows: string[][];
  /** The file's line of each row (see SheetGrid). */
  readonly lines: readonly number[] | undefined;
  readonly headerIndex: number;
  readonly columns: QuoteColumns;
}

function findTable(sheets: readonly SheetGrid[]): Table | undefined {
  for (const sheet of sheets) {
    const limit = Math.min(sheet.rows.length, HEADER_SEARCH_ROWS);
    for (let index = 0; index < limit; index++) {
      const columns = quoteColumns(sheet.rows[index] ?? []);
      if (isQuoteHeader(columns)) return { rows: sheet.rows, lines: sheet.lines, headerIndex: index, columns };
    }
  }
  return undefined;
}

const cellOf = (row: readonly string[], column: QuoteColumn | undefined): string =>
  column === undefined ? '' : (row[column.index] ?? '');

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** A column's divisor to 亿元 / 亿股 and how it was found; per-cell units ('亿', '万') still win. */
interface ColumnScale {
  readonly divisor: number;
  readonly how: string;
}

function plainValues(rows: readonly string[][], column: QuoteColumn): number[] {
  return rows.flatMap((row) => {
    const figure = parseFigure(cellOf(row, column));
    return figure.kind === 'number' && figure.cellScale === undefined && figure.value > 0 ? [figure.value] : [];
  });
}

function scaleBySize(kind: ScaledKind, rows: readonly string[][], column: QuoteColumn): ColumnScale {
  const typical = median(plainValues(rows, column));
  if (typical === undefined) return { divisor: 1, how: '单元格自带单位' };
  return { divisor: divisorBySize(kind, typical), how: '按数值大小判断' };
}

/**
 * The share count's unit when the header does not say: the one that makes 总股本 × price closest to 总市值
 * (whose unit is known by then), else by size.
 */
function sharesScale(rows: readonly string[][], table: Table, column: QuoteColumn, money: ColumnScale | undefined) {
  const { price, market_cap: cap } = table.columns;
  if (money && cap && price) {
    const ratios = rows.flatMap((row) => {
      const shares = parseFigure(cellOf(row, column));
      const capFigure = parseFigure(cellOf(row, cap));
      const priceFigure = parseFigure(cellOf(row, price));
      if (shares.kind !== 'number' || capFigure.kind !== 'number' || priceFigure.kind !== 'number') return [];
      if (shares.cellScale !== undefined || shares.value <= 0 || priceFigure.value <= 0) return [];
      const capYi = capFigure.cellScale
        ? (capFigure.value * capFigure.cellScale) / 1e8
        : capFigure.value / money.divisor;
      return [(shares.value * priceFigure.value) / capYi];
    });
    const typical = median(ratios);
    if (typical !== undefined && typical > 0) {
      const divisor = [1e8, 1e4, 1].reduce((best, candidate) =>
        Math.abs(Math.log10(typical / candidate)) < Math.abs(Math.log10(typical / best)) ? candidate : best,
      );
      return { divisor, how: '按总市值 ÷ 价格核对' };
    }
  }
  return scaleBySize('shares', rows, column);
}

function columnScales(table: Table, dataRows: readonly string[][]): Partial<Record<ScaledField, ColumnScale>> {
  const sheetUnit = findHeaderUnit(table.rows.slice(0, table.headerIndex));
  const scales: Partial<Record<ScaledField, ColumnScale>> = {};
  for (const field of ['market_cap', 'float_market_cap', 'shares', 'float_shares'] as const) {
    const column = table.columns[field];
    // A column left empty (the market files' 流通 columns) has no unit to report: its cells read as missing.
    if (!column || dataRows.every((row) => parseFigure(cellOf(row, column)).kind === 'missing')) continue;
    const kind = SCALED_FIELDS[field];
    const stated = divisorOfUnit(kind, column.unit);
    const fromSheet = kind === 'money' ? divisorOfUnit(kind, sheetUnit) : undefined;
    if (stated !== undefined) scales[field] = { divisor: stated, how: '表头注明' };
    else if (fromSheet !== undefined) scales[field] = { divisor: fromSheet, how: '表格注明单位' };
    else if (kind === 'money') scales[field] = scaleBySize(kind, dataRows, column);
    else scales[field] = sharesScale(dataRows, table, column, scales.market_cap);
  }
  return scales;
}

function describeUnits(scales: Partial<Record<ScaledField, ColumnScale>>): string {
  const parts = Object.entries(scales).map(([field, scale]) => {
    const kind = SCALED_FIELDS[field as ScaledField];
    return `${FIELD_LABELS[field as ScaledField]}：${UNIT_NAMES[kind][scale.divisor]}（${scale.how}）`;
  });
  return parts.length > 0 ? parts.join('；') : '文件中没有市值或股本列';
}

type Parsed<Value> = { ok: true; value: Value } | { ok: false; reason: string };

/** A scaled figure (亿元 / 亿股): missing is null; text, zero or negative refuse the row. */
function scaledFigure(raw: string, field: ScaledField, scale: ColumnScale | undefined): Parsed<number | null> {
  const figure = parseFigure(raw);
  if (figure.kind === 'missing' || scale === undefined) return { ok: true, value: null };
  const label = FIELD_LABELS[field];
  if (figure.kind === 'invalid') return { ok: false, reason: `${label}不是数字：“${raw}”` };
  if (figure.value <= 0) return { ok: false, reason: `${label}须大于 0：${raw}` };
  const value = figure.cellScale ? (figure.value * figure.cellScale) / 1e8 : figure.value / scale.divisor;
  if (value > INGEST_LIMITS.absoluteValue) return { ok: false, reason: `${label}超出范围：${raw}，请检查单位` };
  return { ok: true, value };
}

/** A ratio as printed (市盈率 may be negative for a loss); text such as '亏损' or '--' is no figure. */
function ratio(raw: string, scale = 1): number | null {
  const figure = parseFigure(raw);
  // toPrecision drops the binary noise of the division (4.1 / 100 is 0.040999…).
  return figure.kind === 'number' ? Number((figure.value / scale).toPrecision(15)) : null;
}

function parsePrice(raw: string): Parsed<number> {
  const figure = parseFigure(raw);
  if (figure.kind === 'missing') return { ok: false, reason: '缺少价格（停牌或未交易？）' };
  if (figure.kind === 'invalid' || figure.cellScale !== undefined) {
    return { ok: false, reason: `价格不是数字：“${raw}”` };
  }
  if (figure.value <= 0) return { ok: false, reason: `价格须大于 0：${raw}` };
  if (figure.value > MAX_PRICE) return { ok: false, reason: `价格超出范围：${raw}` };
  return { ok: true, value: figure.value };
}

function fileDate(table: Table, filename: string, options: QuoteFileOptions): string {
  const titleDate = table.rows
    .slice(0, table.headerIndex)
    .flat()
    .map((cell) => findDate(cell))
    .find((date) => date !== undefined);
  return titleDate ?? findDate(filename.replace(/\.[^.]*$/, '')) ?? options.today;
}

interface RowContext {
  readonly columns: QuoteColumns;
  readonly scales: Partial<Record<ScaledField, ColumnScale>>;
  readonly formDate: string | undefined;
  readonly defaultDate: string;
}

/** One data row as a quote, a refusal with its reason, or null for a blank line or a footer. */
function readRow(cells: readonly string[], row: number, context: RowContext): ParsedQuote | RefusedRow | null {
  const { columns, scales } = context;
  const rawCode = cellOf(cells, columns.code);
  const rawPrice = cellOf(cells, columns.price);
  const code = parseQuoteCode(rawCode);
  // Blank lines and footers ('数据来源：…') carry neither a stock code nor a price.
  if (code === undefined && rawPrice === '') return null;
  const refuse = (reason: string): RefusedRow => ({ row, code: code ?? (rawCode || null), reason });
  if (!code) return refuse(rawCode === '' ? '缺少代码' : `代码无法识别：“${rawCode}”`);
  let date = context.formDate;
  if (date === undefined && columns.date) {
    const rawDate = cellOf(cells, columns.date);
    date = rawDate === '' ? undefined : parseDateCell(rawDate);
    if (rawDate !== '' && date === undefined) return refuse(`日期无法识别：“${rawDate}”`);
  }
  const price = parsePrice(rawPrice);
  if (!price.ok) return refuse(price.reason);
  const scaled: Partial<Record<ScaledField, number | null>> = {};
  for (const field of Object.keys(SCALED_FIELDS) as ScaledField[]) {
    const value = scaledFigure(cellOf(cells, columns[field]), field, scales[field]);
    if (!value.ok) return refuse(value.reason);
    scaled[field] = value.value;
  }
  return {
    row,
    code,
    date: date ?? context.defaultDate,
    price: price.value,
    market_cap: scaled.market_cap ?? null,
    float_market_cap: scaled.float_market_cap ?? null,
    shares: scaled.shares ?? null,
    float_shares: scaled.float_shares ?? null,
    pe: ratio(cellOf(cells, columns.pe)),
    pb: ratio(cellOf(cells, columns.pb)),
    // Printed in percent (2.35 or 2.35%); kept as a fraction like every ratio of the API.
    dividend_yield: ratio(cellOf(cells, columns.dividend_yield), 100),
  };
}

/**
 * Reads a quote export (CSV in GBK or UTF-8, or a workbook): finds the header row, recognises the columns,
 * decides the units, and returns every good row and every refused one with its row number and reason.
 * The date of a row: the form's, else its own 日期 cell, else one in the title rows, else the file name's,
 * else today. A code twice on one date is refused (the first stays).
 */
export function parseQuoteFile(filename: string, bytes: Uint8Array, options: QuoteFileOptions): QuoteFileOutcome {
  const kind = fileKind(filename);
  if (!kind) return { success: false, error: INGEST_ERRORS.unsupportedType };
  if (bytes.length === 0) return { success: false, error: INGEST_ERRORS.empty };
  let sheets: SheetGrid[];
  try {
    sheets = readSheets(kind, bytes);
  } catch (error) {
    if (error instanceof IngestError) return { success: false, error: error.message };
    throw error;
  }
  const table = findTable(sheets);
  if (!table) return { success: false, error: QUOTE_ERRORS.noHeader };
  const { columns } = table;
  const first = table.headerIndex + 1;
  const dataRows = table.rows.slice(first);
  const scales = columnScales(table, dataRows);
  const defaultDate = options.date ?? fileDate(table, filename, options);
  const quotes: ParsedQuote[] = [];
  const refused: RefusedRow[] = [];
  const seen = new Map<string, number>();

  dataRows.forEach((cells, offset) => {
    const row = table.lines?.[first + offset] ?? first + offset + 1;
    const read = readRow(cells, row, { columns, scales, formDate: options.date, defaultDate });
    if (read === null) return;
    if ('reason' in read) {
      refused.push(read);
      return;
    }
    const key = `${read.code}|${read.date}`;
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, row);
      quotes.push(read);
    } else {
      refused.push({ row, code: read.code, reason: `代码重复：与第 ${earlier} 行同为 ${read.code}（${read.date}）` });
    }
  });
  if (quotes.length === 0 && refused.length === 0) return { success: false, error: QUOTE_ERRORS.noRows };
  return { success: true, file: { quotes, refused, units: describeUnits(scales) } };
}
