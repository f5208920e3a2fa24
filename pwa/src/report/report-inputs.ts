import type { MarketContext } from '@fcf/engine/report';
import { readBundle, type StoredBundle, type StoredReport } from '../store/db.ts';
import { marketContext } from '../store/quotes.ts';
import { readStoredReport } from '../store/stored-reports.ts';
import { knownCompanyCode } from './known-company.ts';

export { knownCompanyCode };

/** What a report is made from in the offline copy, read together (one wait, not four in a row). */
export interface ReportInputs {
  readonly cached: StoredBundle | undefined;
  readonly market: MarketContext;
  readonly kept: Promise<StoredReport | undefined>;
}

export async function readReportInputs(code: string): Promise<ReportInputs> {
  const kept = readStoredReport(code);
  const [cached, market] = await Promise.all([readBundle(code), marketContext(code)]);
  return { cached, market, kept };
}

let readAhead: { readonly code: string; readonly inputs: Promise<ReportInputs> } | null = null;

/**
 * Starts reading the inputs of the report a page load opens with, while React is still rendering the page
 * (the reads and the render then overlap instead of following each other).
 */
export function readAheadReportInputs(named: string): void {
  const code = knownCompanyCode(named);
  readAhead = code ? { code, inputs: readReportInputs(code) } : null;
}

/** The company's report inputs: those read ahead for it (used once), else read now. */
export function reportInputs(code: string): Promise<ReportInputs> {
  const ahead = readAhead;
  readAhead = null;
  return ahead?.code === code ? ahead.inputs : readReportInputs(code);
}
