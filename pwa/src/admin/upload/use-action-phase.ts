import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../admin-messages.ts';

export type ActionPhase = 'idle' | 'loading' | 'success' | 'error';

/** How long a button shows its outcome before it returns to idle. */
const PHASE_HOLD_MS = { success: 3_000, error: 5_000 } as const;

export interface ActionState {
  readonly phase: ActionPhase;
  readonly message: string | null;
  /** Runs `task` (loading), then shows its message (success) or its error. */
  run(task: () => Promise<string>): Promise<void>;
  /** Shows an error without running anything (a refused call). */
  fail(message: string): void;
}

/** A button's idle → loading → success (3 s) / error (5 s) → idle cycle. */
export function useActionPhase(): ActionState {
  const [state, setState] = useState<{ phase: ActionPhase; message: string | null }>({ phase: 'idle', message: null });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const settle = useCallback((phase: 'success' | 'error', message: string) => {
    if (!mounted.current) return;
    clearTimeout(timer.current);
    setState({ phase, message });
    timer.current = setTimeout(() => setState({ phase: 'idle', message: null }), PHASE_HOLD_MS[phase]);
  }, []);

  const run = useCallback(
    async (task: () => Promise<string>) => {
      clearTimeout(timer.current);
      setState({ phase: 'loading', message: null });
      try {
        settle('success', await task());
      } catch (error) {
        settle('error', errorText(error));
      }
    },
    [settle],
  );

  const fail = useCallback((message: string) => settle('error', message), [settle]);
  return { ...state, run, fail };
}
