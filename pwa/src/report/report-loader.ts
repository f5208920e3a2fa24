import type { CompanyBundle, MarketContext } from '@fcf/engine/report';
import { reportLoadMessage } from '../api/http.ts';
import { fetchBundle, loadBundle, loadCompanies } from '../store/companies.ts';
import { readBundle, writeBundle } from '../store/db.ts';
import { isFresh } from '../store/freshness.ts';
import { marketContext, refreshQuotes } from '../store/quotes.ts';
import { readStoredReport } from '../store/stored-reports.ts';
import { exactCompanyMatch } from '../ui/company-picker/search.ts';
import { warmEngine } from '../worker/engine-client.ts';
import { knownCompanyCode, type ReportInputs, readAheadReportInputs, reportInputs } from './report-inputs.ts';
import { reportOf } from './report-of.ts';
import type { ReportState } from './use-company-report.ts';

// The report page's data: the offline copy (Dexie), the server's answers and the engine. Loaded while the
// first screen is drawn when a company opened before is read back from the offline copy; on a first visit
// only once its report is shown (first-visit-loader.ts).
export { readAheadReportInputs };

/** Where a load reports to: the hook's state, while the load is still wanted. */
export interface ReportSink {
  readonly active: () => boolean;
  readonly set: (state: ReportState) => void;
}

/**
 * After a first visit's report (first-visit-loader.ts) is shown: its bundle written to the offline copy and
 * the market's quotes pulled; a newer quote than the one shown recomputes the report.
 */
export async function afterFirstVisit(bundle: CompanyBundle, shown: MarketContext, sink: ReportSink): Promise<void> {
  void writeBundle(bundle);
  await refreshQuotes();
  const now = await marketContext(bundle.company.code);
  if (JSON.stringify(now.quote) === JSON.stringify(shown.quote)) return;
  const report = await reportOf(bundle, now, readStoredReport(bundle.company.code));
  if (sink.active()) sink.set({ status: 'ready', company: bundle.company.name, report, stale: false });
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
