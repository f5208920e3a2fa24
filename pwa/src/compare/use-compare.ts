import type { CompanyListItem } from '@fcf/engine/contract';
import type { CompareEntry, CompareView } from '@fcf/engine/report';
import { useEffect, useState } from 'react';
import { ApiRequestError, reportLoadMessage } from '../api/http.ts';
import { loadBundle, loadCompanies } from '../store/companies.ts';
import { marketContext, refreshQuotes } from '../store/quotes.ts';
import { computeCompare } from '../worker/engine-client.ts';

/** A company of the address that could not be compared, and why. */
export interface UnavailableCompany {
  readonly code: string;
  readonly name: string | null;
  readonly reason: string;
}

export type CompareState =
  | { readonly status: 'empty' }
  | { readonly status: 'loading'; readonly count: number }
  | { readonly status: 'error'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly view: CompareView;
      readonly unavailable: readonly UnavailableCompany[];
      /** Some data came from the offline copy because the server could not be reached. */
      readonly stale: boolean;
      readonly companies: readonly CompanyListItem[];
    };

/** Not on this device and not reachable: the reader can compare it after opening it online once. */
export const NOT_CACHED_REASON = '本机没有离线数据，联网后打开一次即可离线对比';

function unavailableReason(error: unknown, label: string): string {
  const network = error instanceof ApiRequestError && (error.kind === 'network' || error.kind === 'timeout');
  return network ? NOT_CACHED_REASON : reportLoadMessage(error, label);
}

/**
 * The comparison of `codes`: each company's bundle cache-first (as the report reads it, so a company read
 * before compares offline), its latest quote from the synced copy, all valued in the worker.
 */
export function useCompare(codes: readonly string[], reload: number): CompareState {
  const [state, setState] = useState<CompareState>({ status: 'empty' });
  const key = codes.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for codes; reload re-runs the load.
  useEffect(() => {
    if (codes.length === 0) {
      setState({ status: 'empty' });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading', count: codes.length });
    (async () => {
      try {
        const companies = await loadCompanies();
        const quotesPulled = refreshQuotes();
        const byCode = new Map(companies.value.map((company) => [company.code, company]));
        const loaded = await Promise.all(
          codes.map(async (code) => {
            const listed = byCode.get(code);
            if (!listed) return { code, name: null, reason: `未找到代码为 ${code} 的公司` };
            try {
              return await loadBundle(code);
            } catch (error) {
              return { code, name: listed.name, reason: unavailableReason(error, listed.name) };
            }
          }),
        );
        await quotesPulled;
        const entries: CompareEntry[] = [];
        const unavailable: UnavailableCompany[] = [];
        let stale = companies.stale;
        for (const one of loaded) {
          if ('reason' in one) {
            unavailable.push(one);
            continue;
          }
          stale ||= one.stale;
          entries.push({ bundle: one.value, market: await marketContext(one.value.company.code) });
        }
        const view = await computeCompare(entries);
        if (!cancelled) setState({ status: 'ready', view, unavailable, stale, companies: companies.value });
      } catch (error) {
        if (!cancelled) setState({ status: 'error', message: reportLoadMessage(error, key) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [key, reload]);

  return state;
}
