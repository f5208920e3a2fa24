import { RISK_FREE_RATE_MESSAGE, RISK_FREE_RATE_RULE, RISK_FREE_YEAR_MESSAGE } from '@fcf/engine';
import { editableText, parseEditableNumber } from '../../ui/editable-number.ts';
import type { RiskFreeRateRow } from './settings-api.ts';

/** What the year-end form holds as typed: the year, the yield in percent, the source. */
export interface RiskFreeDraft {
  readonly year: string;
  readonly percent: string;
  readonly source: string;
}

export const EMPTY_DRAFT: RiskFreeDraft = { year: '', percent: '', source: '' };

/** A row of the table as the form shows it for editing (its own source kept unless it is the seed's). */
export function draftOf(row: RiskFreeRateRow, seedSource: string): RiskFreeDraft {
  return {
    year: String(row.year),
    percent: editableText(row.rate, { percent: true, minDecimals: 2, maxDecimals: 4 }),
    source: row.source === seedSource ? '' : row.source,
  };
}

/**
 * The form's entry as the API takes it (the yield as a fraction), or the message of what is wrong, by the
 * same rule the server checks (RISK_FREE_RATE_RULE), so a bad entry is refused before it is sent.
 */
export function entryOf(
  draft: RiskFreeDraft,
): { readonly entry: { year: number; rate: number; source?: string } } | { readonly error: string } {
  const year = Number(draft.year.trim());
  if (
    !/^\d{4}$/.test(draft.year.trim()) ||
    year < RISK_FREE_RATE_RULE.firstYear ||
    year > RISK_FREE_RATE_RULE.lastYear
  ) {
    return { error: RISK_FREE_YEAR_MESSAGE };
  }
  const rate = parseEditableNumber(draft.percent, true);
  if (rate === null || rate < RISK_FREE_RATE_RULE.min || rate > RISK_FREE_RATE_RULE.max) {
    return { error: RISK_FREE_RATE_MESSAGE };
  }
  const source = draft.source.trim();
  return { entry: source ? { year, rate, source } : { year, rate } };
}
