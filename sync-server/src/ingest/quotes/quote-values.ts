import { normalizeStockCode } from '@fcf/engine';
import { parseCellValue } from '../numbers.ts';

/**
 * The cells of a quote export: stock codes in every spelling the quote sites and terminals use, trading
 * dates, and figures that may carry their own unit ('2455.99亿').
 */

/** 'SZ000333', 'sz.000333', '000333.SZ', '600690.SS', 'sh600690', '600690', '333' (a code Excel made a number). */
const QUOTE_CODE = /^(?:(?:SH|SZ|BJ)\.?)?(\d{1,6})(?:\.(?:SH|SZ|SS|BJ))?$/i;

/** The 6-digit code of a code cell, or undefined when it is not a stock code. */
export function parseQuoteCode(raw: string): string | undefined {
  const digits = QUOTE_CODE.exec(raw.normalize('NFKC').replace(/\s/g, '').replace(/^'/, ''))?.[1];
  return digits === undefined ? undefined : (normalizeStockCode(digits) ?? undefined);
}

const DATE_PATTERNS = [
  /(?<!\d)(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?!\d)/,
  /(?<!\d)(\d{4})(\d{2})(\d{2})(?!\d)/,
] as const;

/** An ISO date 'YYYY-MM-DD' found in a text ('2024-12-31', '2024/12/31', '20241231', '2024年12月31日'). */
export function findDate(text: string): string | undefined {
  for (const pattern of DATE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const date = isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
    if (date) return date;
  }
  return undefined;
}

/** The date of a whole cell (a date column), undefined when the cell is not exactly one date. */
export function parseDateCell(raw: string): string | undefined {
  const text = raw.normalize('NFKC').trim();
  const date = findDate(text);
  if (!date) return undefined;
  // '2024-12-31 15:00:00' is a date with its time; anything else around it is not a date cell.
  const rest = text.replace(/^\D*?\d{4}\D?\d{1,2}\D?\d{1,2}日?/, '').trim();
  return rest === '' || /^\d{1,2}:\d{2}(?::\d{2})?$/.test(rest) ? date : undefined;
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1990 || year > 2100) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A figure in a cell: its number and, when the cell says so ('2455.99亿', '1.2万'), its own multiplier to 1. */
export type QuoteFigure =
  | { readonly kind: 'number'; readonly value: number; readonly cellScale: number | undefined }
  | { readonly kind: 'missing' }
  | { readonly kind: 'invalid' };

const CELL_SCALES: Readonly<Record<string, number>> = { 万亿: 1e12, 亿: 1e8, 万: 1e4 };
const CELL_SUFFIX = /(万亿|亿|万)(?:元|股)?$/;

export function parseFigure(raw: string): QuoteFigure {
  const text = raw.normalize('NFKC').trim();
  const suffix = CELL_SUFFIX.exec(text);
  const number = parseCellValue(suffix ? text.slice(0, suffix.index) : text.replace(/(?:元|股)$/, ''));
  if (number.kind !== 'number') return number;
  if (!Number.isFinite(number.value)) return { kind: 'invalid' };
  return { kind: 'number', value: number.value, cellScale: suffix ? CELL_SCALES[suffix[1] as string] : undefined };
}
