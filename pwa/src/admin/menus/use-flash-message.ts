import { useCallback, useEffect, useRef, useState } from 'react';

/** Message lifetimes (docs/requirements.md#back-office): success 3 s, error 5 s. */
const SUCCESS_MS = 3_000;
const ERROR_MS = 5_000;

export interface Flash {
  readonly kind: 'success' | 'error';
  readonly text: string;
}

export interface FlashControls {
  readonly flash: Flash | null;
  showSuccess(text: string): void;
  showError(text: string): void;
  dismiss(): void;
}

/** One message at a time; a newer one replaces the older one and restarts the clock. */
export function useFlashMessage(): FlashControls {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const show = useCallback(
    (next: Flash, ms: number) => {
      clear();
      setFlash(next);
      timer.current = setTimeout(() => {
        timer.current = null;
        setFlash(null);
      }, ms);
    },
    [clear],
  );

  useEffect(() => clear, [clear]);

  const showSuccess = useCallback((text: string) => show({ kind: 'success', text }, SUCCESS_MS), [show]);
  const showError = useCallback((text: string) => show({ kind: 'error', text }, ERROR_MS), [show]);
  const dismiss = useCallback(() => {
    clear();
    setFlash(null);
  }, [clear]);
  return { flash, showSuccess, showError, dismiss };
}
