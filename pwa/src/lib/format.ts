/**
 * Number display rules of the spec (public-side §9): zh-CN grouping with at least 2 decimals, ratios as
 * percent with 2 decimals, a dash for empty.
 */
export const EMPTY = '-';

const amountFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const preciseFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** 1234.5 → '1,234.50'; null → '-'. */
export function formatAmount(value: number | null | undefined): string {
  return usable(value) ? amountFormat.format(value) : EMPTY;
}

/** Up to 4 decimals (discount factors), at least 2. */
export function formatPrecise(value: number | null | undefined): string {
  return usable(value) ? preciseFormat.format(value) : EMPTY;
}

/** 0.0523 → '5.23%'. */
export function formatPercent(value: number | null | undefined): string {
  return usable(value) ? `${amountFormat.format(value * 100)}%` : EMPTY;
}

/** A forecast year is shown with a trailing E: 2025 → '2025E'. */
export function yearLabel(year: number, isEstimate: boolean): string {
  return isEstimate ? `${year}E` : String(year);
}

/** Bytes in Bytes/KB/MB/GB with base 1024 and 2 decimals (back-office §9). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return EMPTY;
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}
