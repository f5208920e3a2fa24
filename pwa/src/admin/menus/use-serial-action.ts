import { useCallback, useRef, useState } from 'react';
import type { FlashControls } from './use-flash-message.ts';

/**
 * One menu change at a time: `saving` disables the controls until the change and the reload after it
 * finish; a failure shows its message and reloads too, so a half-applied change (a reorder) is replaced
 * by what the server holds.
 */
export function useSerialAction<Action>(
  reload: () => Promise<unknown>,
  messages: Pick<FlashControls, 'showSuccess' | 'showError'>,
  failureMessage: (action: Action, error: unknown) => string,
) {
  const [saving, setSaving] = useState(false);
  const busy = useRef(false);
  const { showSuccess, showError } = messages;
  const run = useCallback(
    async (action: Action, success: string, task: () => Promise<unknown>): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setSaving(true);
      try {
        await task();
        showSuccess(success);
        await reload();
        return true;
      } catch (error) {
        showError(failureMessage(action, error));
        await reload();
        return false;
      } finally {
        busy.current = false;
        setSaving(false);
      }
    },
    [reload, showSuccess, showError, failureMessage],
  );
  return { saving, busy, run };
}
