import type { ModelComparisonView } from '@fcf/engine/report';
import { useEffect, useState } from 'react';
import { reportLoadMessage } from '../api/http.ts';
import { loadBundle, loadCompanies } from '../store/companies.ts';
import { marketContext } from '../store/quotes.ts';
import { exactCompanyMatch } from '../ui/company-picker/search.ts';
import { computeModels } from '../worker/engine-client.ts';

export type ModelComparisonState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly company: string }
  | { readonly status: 'error'; readonly company: string; readonly message: string }
  | { readonly status: 'ready'; readonly view: ModelComparisonView; readonly stale: boolean };

/**
 * A company valued by every model that applies: its bundle cache-first (a company read before opens
 * offline) and its latest quote from the synced copy, valued in the worker.
 */
export function useModelComparison(company: string | null, reload: number): ModelComparisonState {
  const [state, setState] = useState<ModelComparisonState>({ status: 'idle' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload re-runs the load on 重新加载.
  useEffect(() => {
    if (!company) {
      setState({ status: 'idle' });
      return;
    }
    let cancelled = false;
    setState({ status: 'loading', company });
    (async () => {
      try {
        const companies = await loadCompanies();
        const found = exactCompanyMatch(companies.value, company);
        if (!found) throw new Error(`未找到公司：${company}，请确认名称或代码`);
        const bundle = await loadBundle(found.code);
        const view = await computeModels(bundle.value, await marketContext(found.code));
        if (!cancelled) setState({ status: 'ready', view, stale: bundle.stale || companies.stale });
      } catch (error) {
        if (!cancelled) setState({ status: 'error', company, message: reportLoadMessage(error, company) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [company, reload]);

  return state;
}
