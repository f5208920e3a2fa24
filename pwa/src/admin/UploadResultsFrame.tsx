import type { ReactNode } from 'react';
import './UploadResultsFrame.css';

/** How an upload went: every file done, some refused, or the upload itself failed. */
export type UploadTone = 'is-ok' | 'is-partial' | 'is-error';

/**
 * The box the last upload's outcome stands in (statements and quotes alike): the summary, read out as an
 * alert when the upload failed, what the page lists below it, and the button that closes it.
 */
export function UploadResultsFrame({
  tone,
  summary,
  children,
  onDismiss,
}: {
  readonly tone: UploadTone;
  readonly summary: string;
  readonly children?: ReactNode;
  onDismiss(): void;
}) {
  return (
    <section className={`upload-results ${tone}`} data-testid="upload-results" aria-label="上传结果">
      <p className="upload-results__summary" role={tone === 'is-error' ? 'alert' : 'status'}>
        {summary}
      </p>
      {children}
      <button
        type="button"
        className="icon-button icon-button--close upload-results__dismiss"
        aria-label="关闭上传结果"
        onClick={onDismiss}
      >
        ×
      </button>
    </section>
  );
}
