import type { PageMessage } from './use-message.ts';
import './MessageBanner.css';

const ICON: Readonly<Record<PageMessage['kind'], string>> = { info: 'ℹ', success: '✓', error: '!' };

/**
 * The page's message. The live region stays mounted, so screen readers announce each new text; errors
 * interrupt (alert), the rest wait their turn (status).
 */
export function MessageBanner({ message, onClose }: { message: PageMessage | null; onClose: () => void }) {
  const isError = message?.kind === 'error';
  return (
    <div className="cv-message-slot" role={isError ? 'alert' : 'status'} aria-live={isError ? 'assertive' : 'polite'}>
      {message ? (
        <div key={message.id} className={`cv-message cv-message--${message.kind}`}>
          <span className="cv-message__icon" aria-hidden="true">
            {ICON[message.kind]}
          </span>
          <span className="cv-message__text">{message.text}</span>
          <button type="button" className="cv-message__close" aria-label="关闭提示" onClick={onClose}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
