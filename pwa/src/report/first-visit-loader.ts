import { unknown } from 'zod/mini';
import { apiRequest, reportLoadMessage } from '../api/http.ts';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { marketOf, quoteOfAnswer } from '../store/quote-answer.ts';
import { exactCompanyMatch } from '../ui/company-picker/search.ts';
import { checkBundleAnswer } from '../worker/engine-client.ts';
import { bundlePath, quotePath, takeEarlyBundle } from './early-bundle.ts';
import type { ReportSink } from './report-loader.ts';
import { reportOf } from './report-of.ts';

// A first visit's report, from the answers asked for by name before the page was drawn (early-bundle.ts):
// no company list, no offline copy to read, and no database code loaded or opened before its report is
// drawn. The offline copy is written, and the market's quotes pulled, once the first screen is shown and
// the page stayed idle (after-first-screen.ts, report-loader.ts).

/** The early quote's answer as the offline copy's row; null when there is none or it cannot be read. */
async function earlyQuote(named: string, response: Promise<Response>) {
  try {
    return quoteOfAnswer(await apiRequest(quotePath(named), { schema: unknown(), response }));
  } catch {
    // No quote for the company, offline, a server error: the report opens without a price, as it would.
    return null;
  }
}

/**
 * The early answers when they are this company's; null sends the usual way. The bundle is checked against
 * the contract in the engine's worker, which the report needs next anyway: a bundle of ten years of
 * statements is not walked by zod on the page's thread while the first screen is drawn.
 */
async function earlyBundle(named: string) {
  const answers = takeEarlyBundle(named);
  if (!answers) return null;
  try {
    const answer = await apiRequest(bundlePath(named), { schema: unknown(), response: answers.bundle });
    const bundle = await checkBundleAnswer(answer);
    if (!bundle || !exactCompanyMatch([bundle.company], named)) return null;
    return { bundle, quote: await earlyQuote(named, answers.quote) };
  } catch {
    // Unknown by that name, offline, a server error: the usual way says why.
    return null;
  }
}

/** Shows a first visit's report from the early answers; false when there are none to use (load the usual way). */
export async function loadFirstVisit(named: string, sink: ReportSink): Promise<boolean> {
  const asked = await earlyBundle(named);
  if (!asked) return false;
  const { bundle } = asked;
  try {
    const market = marketOf(asked.quote);
    const report = await reportOf(bundle, market, Promise.resolve(undefined));
    if (sink.active()) sink.set({ status: 'ready', company: bundle.company.name, report, stale: false });
    await afterFirstScreen();
    const { afterFirstVisit } = await import('./report-loader.ts');
    await afterFirstVisit(bundle, market, sink);
  } catch (error) {
    if (sink.active()) sink.set({ status: 'error', company: named, message: reportLoadMessage(error, named) });
  }
  return true;
}
