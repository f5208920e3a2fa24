import type { CompanyReport } from '@fcf/engine/report';

/**
 * The kept report of the company a page load opens with, once found (report/open-early.ts): the report
 * page starts from it (use-company-report.ts), so React draws the report in its first render instead of
 * drawing the page, then the loading state, then the report.
 */
let atHand: { readonly named: string; readonly name: string; readonly report: CompanyReport } | null = null;

/** Keeps what kept-report.ts found for `named`. */
export function keepAtHand(named: string, kept: { readonly name: string; readonly report: CompanyReport }): void {
  atHand = { named, ...kept };
}

/** The kept report found for `named` as the page loaded, or null. */
export function keptAtHand(named: string | null): { readonly name: string; readonly report: CompanyReport } | null {
  return atHand !== null && atHand.named === named ? atHand : null;
}
