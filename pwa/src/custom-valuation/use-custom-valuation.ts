import { NO_WHAT_IF, type WhatIf } from '@fcf/engine/report';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { clearWhatIf, writeWhatIf } from '../store/db.ts';
import type { Notify } from '../valuation-editor/use-message.ts';
import { LoadFailure, openValuation, type ValuationSession } from './load-valuation.ts';
import { applyEdit, type WhatIfEdit } from './what-if-edit.ts';

export type ValuationState =
  | { readonly status: 'loading'; readonly query: string }
  | { readonly status: 'failed'; readonly query: string; readonly message: string; readonly retry: boolean }
  | ({ readonly status: 'ready'; readonly query: string } & ValuationSession);

/** Performance marks the benchmarks read: commit → the new value per share in the DOM. */
const EDIT_COMMIT_MARK = 'custom-edit-commit';
const VALUE_RENDERED_MARK = 'custom-value-rendered';
const EDIT_TO_SCREEN_MEASURE = 'custom-edit-to-screen';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The custom valuation of one company: opened from the cache or the server, every committed edit
 * recomputed by the engine in the worker (no server) and kept in IndexedDB; drafts being typed are
 * recomputed too (debounced by the cell) without being stored.
 */
export function useCustomValuation(query: string, notify: Notify) {
  const [state, setState] = useState<ValuationState>({ status: 'loading', query });
  const [attempt, setAttempt] = useState(0);
  // The latest recompute wins: an older answer arriving late must not overwrite a newer one.
  const sequence = useRef(0);
  const measuring = useRef(false);
  const current = useRef(state);
  current.current = state;
  const latestWhatIf = useRef<WhatIf>(NO_WHAT_IF);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load (reload button).
  useEffect(() => {
    let active = true;
    sequence.current += 1;
    setState({ status: 'loading', query });
    openValuation(query).then(
      (session) => {
        if (!active) return;
        latestWhatIf.current = session.whatIf;
        setState({ status: 'ready', query, ...session });
      },
      (error: unknown) => {
        if (!active) return;
        const failure = error instanceof LoadFailure ? error : new LoadFailure(errorText(error), true);
        setState({ status: 'failed', query, message: failure.message, retry: failure.retry });
      },
    );
    return () => {
      active = false;
    };
  }, [query, attempt]);

  /**
   * Runs the engine on a what-if and shows its view. A committed what-if (`persist` given) becomes the
   * page's what-if and is stored; a preview (a draft being typed) only changes the figures shown.
   */
  const recompute = useCallback(
    (whatIf: WhatIf, persist: ((code: string) => Promise<void>) | null) => {
      const ready = current.current;
      if (ready.status !== 'ready') return;
      const code = ready.company.code;
      const run = ++sequence.current;
      if (persist) {
        // Ahead of the state until the view arrives: a second commit meanwhile builds on this one.
        latestWhatIf.current = whatIf;
        persist(code).catch((error: unknown) => notify('error', `保存修改失败：${errorText(error)}`));
      }
      // The what-if and its view land in one render: an edit costs one pass over the tables, not two.
      ready.engine.whatIf(whatIf).then(
        (view) => {
          if (run !== sequence.current) return;
          setState((latest) =>
            latest.status !== 'ready' || latest.company.code !== code
              ? latest
              : persist
                ? { ...latest, whatIf, view }
                : { ...latest, view },
          );
        },
        (error: unknown) => {
          if (run !== sequence.current) return;
          measuring.current = false;
          notify('error', `计算失败: ${errorText(error)}`);
        },
      );
    },
    [notify],
  );

  const commit = useCallback(
    (edit: WhatIfEdit) => {
      if (current.current.status !== 'ready') return;
      performance.mark(EDIT_COMMIT_MARK);
      measuring.current = true;
      const next = applyEdit(latestWhatIf.current, edit);
      recompute(next, (code) => writeWhatIf(code, next));
    },
    [recompute],
  );

  /** Live what-ifs: the figures for a draft edit (null: back to the committed what-if), nothing stored. */
  const preview = useCallback(
    (edit: WhatIfEdit | null) => {
      if (current.current.status !== 'ready') return;
      recompute(edit ? applyEdit(latestWhatIf.current, edit) : latestWhatIf.current, null);
    },
    [recompute],
  );

  /** Back to the stored or automatic values: the reader's what-if is dropped. */
  const reset = useCallback(() => recompute(NO_WHAT_IF, clearWhatIf), [recompute]);

  /** A whole what-if put back at once (the undo of 全部恢复). */
  const restore = useCallback((whatIf: WhatIf) => recompute(whatIf, (code) => writeWhatIf(code, whatIf)), [recompute]);

  const reload = useCallback(() => setAttempt((count) => count + 1), []);

  const view = state.status === 'ready' ? state.view : null;
  // Runs after React has written the new figures to the DOM, before the browser paints them.
  useLayoutEffect(() => {
    if (!view || !measuring.current) return;
    measuring.current = false;
    performance.mark(VALUE_RENDERED_MARK);
    try {
      performance.measure(EDIT_TO_SCREEN_MEASURE, EDIT_COMMIT_MARK, VALUE_RENDERED_MARK);
    } catch {
      // The commit mark was cleared by someone else: nothing to measure.
    }
  }, [view]);

  return { state, commit, preview, reset, restore, reload };
}
