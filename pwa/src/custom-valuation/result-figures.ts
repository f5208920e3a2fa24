import { formatAmount, formatPercent } from '@fcf/engine/report';

/** The figures shown beside the value per share (the result bar, the share card). Pure: no DOM. */

const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);

/** How the value per share compares with the automatic one: '+1.23 元（+3.30%）'. */
export function perShareDelta(value: number | null, automatic: number | null): string | null {
  if (value === null || automatic === null) return null;
  const delta = value - automatic;
  const percent = automatic > 0 ? `（${signed(formatPercent(delta / automatic), delta)}）` : '';
  return `${signed(formatAmount(delta), delta)} 元${percent}`;
}

/** Margin of safety = value / price − 1; null without a positive price or value. */
export function marginOfSafety(value: number | null, price: number | null | undefined): number | null {
  if (value === null || price === null || price === undefined || !(price > 0)) return null;
  return value / price - 1;
}
