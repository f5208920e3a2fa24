import { reportOpens } from '../lib/after-first-screen.ts';
import { matchRoute } from '../ui/routes.ts';
import { askBundleEarly } from './early-bundle.ts';
import { initialCompany } from './initial-company.ts';
import { knownCompanyCode } from './known-company.ts';

/**
 * Starts what the page load opens with, before the app's code is even evaluated (main.tsx). A company opened
 * before is read back from the offline copy (the database and the engine's kept report), which it needs at
 * once, and its sections are built as soon as the page is idle; a first visit opens no database before the
 * first screen is shown, asks the server for the company's bundle at once, and lets what it does not show
 * wait for the page to be quiet (lib/after-first-screen.ts).
 */
export function openReportEarly(): void {
  if (!['home', 'analysis'].includes(matchRoute(location.pathname).kind)) return;
  const named = initialCompany(new URLSearchParams(location.search).get('company'));
  if (knownCompanyCode(named)) {
    void import('./report-inputs.ts').then(({ readAheadReportInputs }) => readAheadReportInputs(named));
  } else {
    reportOpens();
    askBundleEarly(named);
  }
}
