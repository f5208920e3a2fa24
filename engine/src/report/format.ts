/**
 * How every figure reads, on screen, in the PDF and in the exported image: amounts in 亿元 with zh-CN
 * grouping and 2 decimals, ratios as percent with 2 decimals, multiples with 倍, a dash for a missing value,
 * forecast years with an E, the report's time in Beijing time.
 */

export const EMPTY = '-';

/**
 * A formatter made on first use: making one loads its locale's data (several ms on a phone), which a
 * screen that shows no time, or no figure yet, should not pay while it opens.
 */
function onFirstUse<Format>(make: () => Format): () => Format {
  let made: Format | undefined;
  return () => {
    made ??= make();
    return made;
  };
}

const amountFormat = onFirstUse(
  () => new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
);
const preciseFormat = onFirstUse(
  () => new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 4 }),
);

function usable(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** 1234.5 → '1,234.50'; null → '-'. */
export function formatAmount(value: number | null | undefined): string {
  return usable(value) ? amountFormat().format(value) : EMPTY;
}

/** Up to 4 decimals (discount factors), at least 2. */
export function formatPrecise(value: number | null | undefined): string {
  return usable(value) ? preciseFormat().format(value) : EMPTY;
}

/** 0.0523 → '5.23%'. */
export function formatPercent(value: number | null | undefined): string {
  return usable(value) ? `${amountFormat().format(value * 100)}%` : EMPTY;
}

/** A multiple (FCF / capex): 1.5 → '1.50倍'. */
export function formatTimes(value: number | null | undefined): string {
  return usable(value) ? `${amountFormat().format(value)}倍` : EMPTY;
}

/**
 * What a figure is: amount (亿元), percent (a fraction shown as percent), times (a multiple), factor (a
 * discount factor, up to 4 decimals), shares (亿股), yuan (元 per share).
 */
export type ValueUnit = 'amount' | 'percent' | 'times' | 'factor' | 'shares' | 'yuan';

const FORMAT_BY_UNIT: Record<ValueUnit, (value: number | null | undefined) => string> = {
  amount: formatAmount,
  percent: formatPercent,
  times: formatTimes,
  factor: formatPrecise,
  shares: formatAmount,
  yuan: formatAmount,
};

/** A figure as its unit reads: formatValue('percent', 0.05) → '5.00%'. */
export function formatValue(unit: ValueUnit, value: number | null | undefined): string {
  return FORMAT_BY_UNIT[unit](value);
}

const UNIT_CAPTIONS: Record<ValueUnit, string> = {
  amount: '亿元',
  percent: '%',
  times: '倍',
  factor: '',
  shares: '亿股',
  yuan: '元',
};

/** The unit's name, for a legend or a label: '亿元', '%', '倍'. */
export function unitCaption(unit: ValueUnit): string {
  return UNIT_CAPTIONS[unit];
}

/** A figure with its unit where the number alone does not say it: '100.00 亿元', '5.00%', '1.50倍'. */
export function formatWithUnit(unit: ValueUnit, value: number | null | undefined): string {
  const text = formatValue(unit, value);
  const caption = unit === 'percent' || unit === 'times' || unit === 'factor' ? '' : unitCaption(unit);
  return text === EMPTY || caption === '' ? text : `${text} ${caption}`;
}

/** The column of the trailing twelve months to an interim report, beside the annual years. */
export const TRAILING_LABEL = 'TTM';

/**
 * A forecast year carries a trailing E: 2025 → '2025E'; the history year that is the trailing twelve months
 * (`trailingYear`, the views' `trailing_year`) reads 'TTM'.
 */
export function yearLabel(year: number, isEstimate: boolean, trailingYear: number | null = null): string {
  if (isEstimate) return `${year}E`;
  return year === trailingYear ? TRAILING_LABEL : String(year);
}

/** A single quarter: (2022, 3) → '2022Q3'. */
export function quarterLabel(year: number, quarter: number): string {
  return `${year}Q${quarter}`;
}

/** Bytes in Bytes/KB/MB/GB with base 1024 and 2 decimals: 1536 → '1.50 KB'. */
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

const minuteFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('zh-CN', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** An ISO time in the reader's zone, to the minute: '2025/03/08 14:05'; the text itself when unreadable. */
export function formatMinute(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso || EMPTY : minuteFormat().format(time);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The day in the reader's zone, the day they saved a file: '2025-03-07'. */
export function formatLocalDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Date and time in the reader's zone for a file name: '20260501_143005'. */
export function fileTimestamp(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_` +
    `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`
  );
}

/** A-share reports read in Beijing time, wherever the PDF is made (a server in UTC, a browser abroad). */
const REPORT_TIME_ZONE = 'Asia/Shanghai';

const beijingFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: REPORT_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

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
  for (const part of beijingFormat().formatToParts(date)) parts[part.type] = part.value;
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
