import type { MarketContext } from '@fcf/engine/report';
import type { StoredBundle, StoredReport } from '../store/db.ts';
import { readKeptInputs } from '../store/kept-inputs.ts';
import { asQuote, marketOf } from '../store/quote-answer.ts';
import { knownCompanyCode } from './known-company.ts';

export { knownCompanyCode };

/** What a report is made from in the offline copy, read together (one wait, not four in a row). */
export interface ReportInputs {
  readonly cached: StoredBundle | undefined;
  readonly market: MarketContext;
  readonly kept: Promise<StoredReport | undefined>;
}

/**
 * The company's inputs: read straight from IndexedDB (store/kept-inputs.ts) where this build's copy is
 * there, so a report opened again waits for neither Dexie's module nor its open; else through Dexie, which
 * creates or upgrades the copy first.
 */
export async function readReportInputs(code: string): Promise<ReportInputs> {
  const raw = await readKeptInputs(code);
  if (raw) {
    const quote = raw.quote === undefined ? null : asQuote(raw.quote);
    return { cached: raw.bundle, market: marketOf(quote), kept: Promise.resolve(raw.report) };
  }
  const [{ readBundle }, { marketContext }, { readStoredReport }] = await Promise.all([
    import('../store/db.ts'),
    import('../store/quotes.ts'),
    import('../store/stored-reports.ts'),
  ]);
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

/** The inputs read ahead for the company, left for `reportInputs` to take (null when none were). */
export function inputsReadAhead(code: string): Promise<ReportInputs> | null {
  return readAhead?.code === code ? readAhead.inputs : null;
}

/** The company's report inputs: those read ahead for it (used once), else read now. */
export function reportInputs(code: string): Promise<ReportInputs> {
  const ahead = inputsReadAhead(code);
  readAhead = null;
  return ahead ?? readReportInputs(code);
}
