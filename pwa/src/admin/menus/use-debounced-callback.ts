import { useCallback, useEffect, useRef } from 'react';

export interface Debounced {
  /** (Re)starts the wait; the callback runs once, `delayMs` after the last call. */
  schedule(): void;
  /** Runs a pending callback now. */
  flush(): void;
  cancel(): void;
}

/** A trailing debounce of the latest callback. A pending call is flushed on unmount, so no edit is lost. */
export function useDebouncedCallback(callback: () => void, delayMs: number): Debounced {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const flush = useCallback(() => {
    if (timer.current === null) return;
    cancel();
    latest.current();
  }, [cancel]);

  const schedule = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current();
    }, delayMs);
  }, [cancel, delayMs]);

  useEffect(() => flush, [flush]);
  return { schedule, flush, cancel };
}
