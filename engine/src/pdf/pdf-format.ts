/**
 * The report's number rules (public-side §9): amounts in 亿元 in zh-CN grouping with 2 decimals, ratios as
 * percent with 2 decimals, a dash for empty. Same output as the PWA's tables.
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

/** A multiple (FCF / capex): 1.5 → '1.50倍'. */
export function formatTimes(value: number | null | undefined): string {
  return usable(value) ? `${amountFormat.format(value)}倍` : EMPTY;
}

/** A forecast year carries a trailing E: 2025 → '2025E'. */
export function yearLabel(year: number, isEstimate: boolean): string {
  return isEstimate ? `${year}E` : String(year);
}

/** A-share reports read in Beijing time, wherever the PDF is made (a server in UTC, a browser abroad). */
const REPORT_TIME_ZONE = 'Asia/Shanghai';

const dateTimeFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Date and time parts in Beijing time, zero-padded. */
export function beijingParts(date: Date): {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
} {
  const parts: Record<string, string> = {};
  for (const part of dateTimeFormat.formatToParts(date)) parts[part.type] = part.value;
  const pick = (key: string) => parts[key] ?? '00';
  return {
    year: pick('year'),
    month: pick('month'),
    day: pick('day'),
    hour: pick('hour'),
    minute: pick('minute'),
    second: pick('second'),
  };
}

/** '2026-05-01 14:30:05（北京时间）'. */
export function formatGeneratedAt(date: Date): string {
  const p = beijingParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}（北京时间）`;
}
