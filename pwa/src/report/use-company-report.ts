import type { CompanyReport } from '@fcf/engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { reportLoadMessage } from '../api/http.ts';
import { exactCompanyMatch } from '../company/search.ts';
import { loadBundle, loadCompanies } from '../store/companies.ts';
import { computeReport } from '../worker/engine-client.ts';

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
 * A company's report: the cached bundle (or the server's, when the copy is older than 5 minutes), run
 * through the engine in the worker. Works offline for every company opened before. `refresh` skips the
 * cache (the spec's refresh action).
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
    let cancelled = false;
    const force = forceNext.current;
    forceNext.current = false;
    setState({ status: 'loading', company: named });
    (async () => {
      try {
        const companies = await loadCompanies();
        const company = exactCompanyMatch(companies.value, named);
        if (!company) {
          if (!cancelled) setState({ status: 'error', company: named, message: `未找到公司：${named}，请确认名称` });
          return;
        }
        const bundle = await loadBundle(company.code, force);
        const report = await computeReport(bundle.value);
        if (!cancelled) setState({ status: 'ready', company: company.name, report, stale: bundle.stale });
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
