import type { CompanyBundle, MarketContext } from '@fcf/engine/report';
import { unknown } from 'zod/mini';
import { apiRequest, reportLoadMessage } from '../api/http.ts';
import { whenIdle } from '../lib/when-idle.ts';
import { fetchBundle, loadBundle, loadCompanies } from '../store/companies.ts';
import { readBundle, writeBundle } from '../store/db.ts';
import { isFresh } from '../store/freshness.ts';
import { marketContext, marketOf, quoteOfAnswer, refreshQuotes } from '../store/quotes.ts';
import { readStoredReport } from '../store/stored-reports.ts';
import { exactCompanyMatch } from '../ui/company-picker/search.ts';
import { checkBundleAnswer, warmEngine } from '../worker/engine-client.ts';
import { bundlePath, quotePath, takeEarlyBundle } from './early-bundle.ts';
import { knownCompanyCode, type ReportInputs, readAheadReportInputs, reportInputs } from './report-inputs.ts';
import { reportOf } from './report-of.ts';
import type { ReportState } from './use-company-report.ts';

// The report page's data: the offline copy (Dexie), the server's answers and the engine. Loaded after the
// first screen is drawn (use-company-report.ts), or while it is drawn when a company opened before is read
// back from the offline copy.
export { readAheadReportInputs };

/** Where a load reports to: the hook's state, while the load is still wanted. */
export interface ReportSink {
  readonly active: () => boolean;
  readonly set: (state: ReportState) => void;
}

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
 * The early answers (early-bundle.ts) when they are this company's; null sends the usual way. The bundle is
 * checked against the contract in the engine's worker, which the report needs next anyway: a bundle of ten
 * years of statements is not walked by zod on the page's thread while the first screen is drawn.
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

/**
 * A company's report: the cached bundle run through the engine in the worker — offline too, for every
 * company opened before — then, when the copy is older than 5 minutes, refreshed from the server in the
 * background. `force` skips the cache (the report's refresh action).
 */
export async function loadReport(named: string, force: boolean, sink: ReportSink): Promise<void> {
  // A company opened before is read from the offline copy at once, without the company list.
  const code = force ? null : knownCompanyCode(named);
  const early = code ? reportInputs(code) : null;
  /** Shows the bundle's report (a refresh computes it again); returns the market context it was priced at. */
  const show = async (bundle: CompanyBundle, stale: boolean, name: string, inputs?: ReportInputs) => {
    const market = inputs?.market ?? (await marketContext(bundle.company.code));
    const report = await reportOf(
      bundle,
      market,
      force ? undefined : (inputs?.kept ?? readStoredReport(bundle.company.code)),
    );
    if (sink.active()) sink.set({ status: 'ready', company: name, report, stale });
    return market;
  };
  // Quotes come up to date meanwhile (a first visit's once its report is drawn); a newer quote than the one
  // shown recomputes the report.
  let pulling: Promise<void> | null = null;
  const quotesPulled = () => {
    pulling ??= refreshQuotes(force);
    return pulling;
  };
  const showNewerQuote = async (bundle: CompanyBundle, name: string, shown: MarketContext) => {
    await quotesPulled();
    const now = await marketContext(bundle.company.code);
    if (JSON.stringify(now.quote) !== JSON.stringify(shown.quote)) await show(bundle, false, name);
  };
  /** The company asked for, and its offline copy when one is kept (none when refreshing). */
  const findCompany = async () => {
    const inputs = await early;
    const copy = inputs?.cached?.bundle.company;
    if (inputs && copy && exactCompanyMatch([copy], named)) return { company: copy, cached: inputs.cached, inputs };
    const companies = await loadCompanies();
    const company = exactCompanyMatch(companies.value, named);
    if (!company) return null;
    return { company, cached: force ? undefined : await readBundle(company.code), inputs: undefined };
  };
  try {
    // A first visit's bundle and quote were asked for by name before the page was drawn: no list, no copy to
    // read, no database opened before its report is drawn; the offline copy is written once the browser is idle.
    const asked = code || force ? null : await earlyBundle(named);
    if (asked) {
      const { bundle } = asked;
      const market = marketOf(asked.quote);
      await show(bundle, false, bundle.company.name, { cached: undefined, market, kept: Promise.resolve(undefined) });
      await whenIdle();
      void writeBundle(bundle);
      return showNewerQuote(bundle, bundle.company.name, market);
    }
    void quotesPulled();
    const found = await findCompany();
    if (!found) {
      if (sink.active()) sink.set({ status: 'error', company: named, message: `未找到公司：${named}，请确认名称` });
      return;
    }
    const { company, cached, inputs } = found;
    if (cached) {
      // Stale-while-revalidate: the offline copy shows at once; an old one is then checked with the
      // server and the report recomputed only if the data changed.
      const shown = await show(cached.bundle, false, company.name, inputs);
      if (isFresh(cached.fetchedAt)) return showNewerQuote(cached.bundle, company.name, shown);
      try {
        const fresh = await fetchBundle(company.code);
        await writeBundle(fresh);
        if (fresh.version !== cached.bundle.version) await show(fresh, false, company.name);
      } catch {
        if (sink.active()) await show(cached.bundle, true, company.name);
      }
      return;
    }
    // The worker loads while the bundle comes from the network.
    warmEngine();
    const loaded = await loadBundle(company.code, force);
    await quotesPulled();
    await show(loaded.value, loaded.stale, company.name);
  } catch (error) {
    if (sink.active()) sink.set({ status: 'error', company: named, message: reportLoadMessage(error, named) });
  }
}
