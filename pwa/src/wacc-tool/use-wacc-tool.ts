import type { WaccToolEdits, WaccToolView } from '@fcf/engine/report';
import { useEffect, useRef, useState } from 'react';
import { reportLoadMessage } from '../api/http.ts';
import { loadBundle, loadCompanies } from '../store/companies.ts';
import { marketContext } from '../store/quotes.ts';
import { exactCompanyMatch } from '../ui/company-picker/search.ts';
import { loadWaccTool } from '../worker/engine-client.ts';

export type WaccToolState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly company: string }
  | { readonly status: 'error'; readonly company: string; readonly message: string }
  | { readonly status: 'ready'; readonly view: WaccToolView; readonly stale: boolean };

/**
 * A company's WACC in the tool: its bundle (cache-first, so a company read before opens offline) loaded
 * into the worker, then each change of `edits` recomputed there.
 */
export function useWaccTool(company: string | null, edits: WaccToolEdits, reload: number): WaccToolState {
  const [state, setState] = useState<WaccToolState>({ status: 'idle' });
  const compute = useRef<{
    company: string;
    run: (edits: WaccToolEdits) => Promise<WaccToolView>;
    stale: boolean;
  } | null>(null);
  const editsRef = useRef(edits);
  editsRef.current = edits;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload re-runs the load on 重新加载.
  useEffect(() => {
    compute.current = null;
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
        if (!found) throw new Error(`未找到公司：${company}，请确认名称`);
        const bundle = await loadBundle(found.code);
        // The quote's listed share count, as the report values with it (the value per share agrees).
        const run = await loadWaccTool(bundle.value, await marketContext(found.code));
        const view = await run(editsRef.current);
        if (cancelled) return;
        compute.current = { company, run, stale: bundle.stale };
        setState({ status: 'ready', view, stale: bundle.stale });
      } catch (error) {
        if (!cancelled) setState({ status: 'error', company, message: reportLoadMessage(error, company) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [company, reload]);

  useEffect(() => {
    const loaded = compute.current;
    if (!loaded || loaded.company !== company) return;
    let cancelled = false;
    loaded.run(edits).then((view) => {
      if (!cancelled) setState({ status: 'ready', view, stale: loaded.stale });
    });
    return () => {
      cancelled = true;
    };
  }, [company, edits]);

  return state;
}
