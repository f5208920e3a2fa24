import { useCallback, useEffect, useRef, useState } from 'react';
import { followJob, startBatch } from '../admin-api.ts';
import { errorText } from '../admin-messages.ts';
import { type BatchKind, type BatchSummary, summarizeJob } from './batch-result.ts';

export type BatchState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'running'; readonly kind: BatchKind; readonly done: number; readonly total: number }
  | { readonly phase: 'done'; readonly kind: BatchKind; readonly summary: BatchSummary }
  | { readonly phase: 'error'; readonly kind: BatchKind | null; readonly message: string };

/** Thrown from the progress callback to stop polling once the page is gone (followJob takes no signal). */
class Unmounted extends Error {}

/** Starts a batch job and follows it to its end: progress, then the summary. */
export function useBatchJob(onFinished: () => void): {
  state: BatchState;
  run(kind: BatchKind): Promise<void>;
  refuse(message: string): void;
} {
  const [state, setState] = useState<BatchState>({ phase: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (kind: BatchKind) => {
      setState({ phase: 'running', kind, done: 0, total: 0 });
      try {
        const { job_id, total } = await startBatch(kind, null);
        if (!mounted.current) return;
        setState({ phase: 'running', kind, done: 0, total });
        const job = await followJob(job_id, (progress) => {
          if (!mounted.current) throw new Unmounted();
          setState({ phase: 'running', kind, done: progress.done, total: progress.total });
        });
        const outcome = summarizeJob(job);
        setState(
          'summary' in outcome
            ? { phase: 'done', kind, summary: outcome.summary }
            : { phase: 'error', kind, message: outcome.error },
        );
        onFinished();
      } catch (error) {
        if (error instanceof Unmounted || !mounted.current) return;
        setState({ phase: 'error', kind, message: errorText(error) });
      }
    },
    [onFinished],
  );

  const refuse = useCallback((message: string) => setState({ phase: 'error', kind: null, message }), []);
  return { state, run, refuse };
}
