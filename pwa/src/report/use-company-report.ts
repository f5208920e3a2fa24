import type { CompanyBundle, CompanyReport, MarketContext } from '@fcf/engine/report';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportLoadMessage } from '../api/http.ts';
import { fetchBundle, loadBundle, loadCompanies } from '../store/companies.ts';
import { openStore, readBundle, writeBundle } from '../store/db.ts';
import { isFresh } from '../store/freshness.ts';
import { marketContext, refreshQuotes } from '../store/quotes.ts';
import { readStoredReport } from '../store/stored-reports.ts';
import { warmCharts } from '../ui/charts/Chart.tsx';
import { exactCompanyMatch } from '../ui/company-picker/search.ts';
import { matchRoute } from '../ui/routes.ts';
import { warmEngine } from '../worker/engine-client.ts';
import { initialCompany } from './initial-company.ts';
import { knownCompanyCode, type ReportInputs, readAheadReportInputs, reportInputs } from './report-inputs.ts';
import { reportOf } from './report-of.ts';

// Started as soon as the report page's code loads, while React renders: opening IndexedDB (~30–100 ms)
// would otherwise wait for the first effect. The engine's worker starts only when a report is to be
// computed (a report opened before is read back as it was computed: see report-of.ts).
void openStore();
// The report this page load opens with is read from the offline copy while React renders the page.
if (['home', 'analysis'].includes(matchRoute(location.pathname).kind)) {
  readAheadReportInputs(initialCompany(new URLSearchParams(location.search).get('company')));
}

export type ReportState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly company: string }
  | { readonly status: 'error'; readonly company: string; readonly message: string }
  | {
      readonly status: 'ready';
      readonly company: string;
      readonly report: CompanyReport;
      /** Served from the offline copy because the server could not be reached. */
      readonly stale: boolean;
    };

/**
 * A company's report: the cached bundle run through the engine in the worker — offline too, for every
 * company opened before — then, when the copy is older than 5 minutes, refreshed from the server in the
 * background. `refresh` skips the cache (the report's refresh action).
 */
export function useCompanyReport(named: string | null): { state: ReportState; refresh: () => void } {
  const [state, setState] = useState<ReportState>({ status: 'idle' });
  const [generation, setGeneration] = useState(0);
  const forceNext = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation re-runs the load on refresh.
  useEffect(() => {
    if (!named) {
      setState({ status: 'idle' });
      return;
    }
    // The charts' library loads while the data is read and computed.
    warmCharts();
    let cancelled = false;
    const force = forceNext.current;
    forceNext.current = false;
    setState({ status: 'loading', company: named });
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
      if (!cancelled) setState({ status: 'ready', company: name, report, stale });
      return market;
    };
    // Quotes come up to date meanwhile; a newer quote than the one shown recomputes the report.
    const quotesPulled = refreshQuotes(force);
    const showNewerQuote = async (bundle: CompanyBundle, name: string, shown: MarketContext) => {
      await quotesPulled;
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
    (async () => {
      try {
        const found = await findCompany();
        if (!found) {
          if (!cancelled) setState({ status: 'error', company: named, message: `未找到公司：${named}，请确认名称` });
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
            if (!cancelled) await show(cached.bundle, true, company.name);
          }
          return;
        }
        // The worker loads while the bundle comes from the network.
        warmEngine();
        const loaded = await loadBundle(company.code, force);
        await quotesPulled;
        await show(loaded.value, loaded.stale, company.name);
      } catch (error) {
        if (!cancelled) setState({ status: 'error', company: named, message: reportLoadMessage(error, named) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [named, generation]);

  const refresh = useCallback(() => {
    forceNext.current = true;
    setGeneration((value) => value + 1);
  }, []);
  return { state, refresh };
}
