import {
  type DcfValuationView,
  EMPTY,
  formatAmount,
  formatPercent,
  NOT_APPLICABLE,
  perShareNotApplicable,
} from '@fcf/engine/report';

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

export interface ShownPerShare {
  /** The value per share to compare (Δ, margin of safety); null when there is none or it is not applicable. */
  readonly value: number | null;
  /** '12.34', '不适用' or '-'. */
  readonly text: string;
  /** Why the value is 不适用 (the equity value is not positive); null when it is shown as a number. */
  readonly notApplicable: string | null;
}

/** The value per share as the result bar and the share card show it: 不适用 with the reason when equity ≤ 0. */
export function shownPerShare(dcf: DcfValuationView | null): ShownPerShare {
  const notApplicable = dcf ? perShareNotApplicable(dcf) : null;
  if (notApplicable !== null) return { value: null, text: NOT_APPLICABLE, notApplicable };
  const value = dcf && dcf.valuation.total_shares > 0 ? dcf.valuation.value_per_share : null;
  return { value, text: value === null ? EMPTY : formatAmount(value), notApplicable: null };
}
