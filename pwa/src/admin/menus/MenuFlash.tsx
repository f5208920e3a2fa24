import type { Flash } from './use-flash-message.ts';

/**
 * The manager's message. Both live regions stay in the DOM so screen readers announce a message when
 * it appears; only the inner note is shown or removed.
 */
export function MenuFlash({ flash, onDismiss }: { flash: Flash | null; onDismiss: () => void }) {
  const note = (kind: Flash['kind']) =>
    flash?.kind === kind ? (
      <p className={`menu-flash menu-flash--${kind}`}>
        <span>{flash.text}</span>
        <button type="button" className="menu-flash__close" aria-label="关闭提示" onClick={onDismiss}>
          ×
        </button>
      </p>
    ) : null;
  return (
    <div className="menu-flash-region">
      <div role="status">{note('success')}</div>
      <div role="alert">{note('error')}</div>
    </div>
  );
}
