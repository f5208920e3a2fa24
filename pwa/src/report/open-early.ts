import { reportOpens } from '../lib/after-first-screen.ts';
import { startKeptRead } from '../store/kept-inputs.ts';
import { matchRoute } from '../ui/routes.ts';
import { askBundleEarly } from './early-bundle.ts';
import { initialCompany } from './initial-company.ts';
import { keepAtHand } from './kept-at-hand.ts';
import { knownCompanyCode } from './known-company.ts';

/**
 * Starts what the page load opens with, before the app's code is even evaluated (main.tsx). A company opened
 * before is read back from the offline copy (its bundle, quote and the engine's kept report, straight from
 * IndexedDB), which it needs at once; the answer resolves once its kept report is found or not
 * (kept-at-hand.ts), and the page's first render draws it; a first visit opens no database before the
 * first screen is shown, asks the server for the company's bundle at once, and lets what it does not show
 * wait for the page to be quiet (lib/after-first-screen.ts).
 */
export function openReportEarly(): Promise<void> {
  if (!['home', 'analysis'].includes(matchRoute(location.pathname).kind)) return Promise.resolve();
  const named = initialCompany(new URLSearchParams(location.search).get('company'));
  const code = knownCompanyCode(named);
  if (code) {
    const rows = startKeptRead(code);
    const readAhead = import('./report-inputs.ts').then(({ readAheadReportInputs }) => readAheadReportInputs(named));
    // Only a kept report is waited for: a link by code on a first visit loads nothing more before its render.
    return rows
      .then(async (read) => {
        if (!read?.report) return;
        const [{ keptReportAtHand }] = await Promise.all([import('./kept-report.ts'), readAhead]);
        const kept = await keptReportAtHand(named);
        if (kept) keepAtHand(named, kept);
      })
      .catch(() => undefined);
  }
  reportOpens();
  askBundleEarly(named);
  return Promise.resolve();
}
