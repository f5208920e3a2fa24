import { type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal dialog keyboard behaviour while the dialog is mounted: focus moves into it (to `initial`, else its
 * first control), Tab cycles inside it, Escape calls `onClose`, and focus returns to where it was.
 */
export function useDialogFocus(
  dialog: RefObject<HTMLElement | null>,
  initial: RefObject<HTMLElement | null>,
  onClose: () => void,
): void {
  // A ref, so a parent's inline onClose does not re-run the effect (and steal focus) on every render.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = initial.current ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE) ?? dialog.current;
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      const controls = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = controls[0];
      const tail = controls[controls.length - 1];
      if (!head || !tail) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === head || !dialog.current.contains(active))) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (active === tail || !dialog.current.contains(active))) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    // The page behind must not scroll under a phone user's finger while the dialog is open.
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      returnTo?.focus();
    };
  }, [dialog, initial]);
}
