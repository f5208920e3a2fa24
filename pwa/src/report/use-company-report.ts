import type { CompanyReport } from '@fcf/engine/report';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from '../lib/when-idle.ts';
import { hasEarlyBundle } from './early-bundle.ts';
import { keptAtHand } from './kept-at-hand.ts';

/** The report's data (report-loader.ts: the offline copy, the server, the engine), loaded on demand. */
const loader = () => import('./report-loader.ts');
/** A first visit's report (first-visit-loader.ts: the early answers and the engine, no database code). */
const firstVisitLoader = () => import('./first-visit-loader.ts');
/** A report opened again, kept for the inputs read ahead (kept-report.ts: no database module, no contracts). */
const keptLoader = () => import('./kept-report.ts');

/** The same report shown the same way: setting it again would only render the page again. */
function sameReport(shown: ReportState, next: ReportState): boolean {
  return (
    shown.status === 'ready' &&
    next.status === 'ready' &&
    shown.report === next.report &&
    shown.stale === next.stale &&
    shown.company === next.company
  );
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
 * A company's report (report-loader.ts): from the offline copy when there is one, else from the server,
 * computed in the engine's worker. `refresh` skips the cache (the report's refresh action). The report is
 * drawn as a transition: React renders it in slices that give way to a tap or a scroll.
 */
export function useCompanyReport(named: string | null): { state: ReportState; refresh: () => void } {
  // The kept report found as the page loaded (report/open-early.ts) is drawn in the first render.
  const [state, setState] = useState<ReportState>(() => {
    const kept = keptAtHand(named);
    return kept ? { status: 'ready', company: kept.name, report: kept.report, stale: false } : { status: 'idle' };
  });
  const [generation, setGeneration] = useState(0);
  const forceNext = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation re-runs the load on refresh.
  useEffect(() => {
    // Transitions, like every state the load sets: the page's first paint is not held up by the loading
    // state's render, which React draws in slices that give way to a tap.
    if (!named) {
      startTransition(() => setState({ status: 'idle' }));
      return;
    }
    let cancelled = false;
    const force = forceNext.current;
    forceNext.current = false;
    const sink = {
      active: () => !cancelled,
      set: (next: ReportState) => startTransition(() => setState((shown) => (sameReport(shown, next) ? shown : next))),
    };
    const earlyBundle = !force && hasEarlyBundle(named);
    // A report kept for the inputs read ahead is shown at once (found as the page loaded, or now), without the
    // loading state drawn first; the loader then follows once the page is idle (its refresh, the quotes).
    const atHand = force ? null : keptAtHand(named);
    const kept = atHand
      ? Promise.resolve(atHand)
      : !force && !earlyBundle
        ? keptLoader()
            .then(({ keptReportAtHand }) => keptReportAtHand(named))
            .catch(() => null)
        : Promise.resolve(null);
    const firstVisit = kept.then((report) => {
      if (report) {
        if (!cancelled) sink.set({ status: 'ready', company: report.name, report: report.report, stale: false });
        return whenIdle().then(() => false);
      }
      if (!cancelled) startTransition(() => setState({ status: 'loading', company: named }));
      return earlyBundle ? firstVisitLoader().then(({ loadFirstVisit }) => loadFirstVisit(named, sink)) : false;
    });
    firstVisit
      .then((shown) => (shown ? undefined : loader().then(({ loadReport }) => loadReport(named, force, sink))))
      .catch((error: unknown) => {
        if (!cancelled) {
          sink.set({ status: 'error', company: named, message: error instanceof Error ? error.message : '未知错误' });
        }
      });
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
