import './report-notice.css';

/** A load that failed, with the button that tries again (compare, the WACC tool, the industry β table). */
export function RetryNotice({ message, onRetry }: { readonly message: string; onRetry(): void }) {
  return (
    <div className="report-notice report-notice--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--ghost" onClick={onRetry}>
        重新加载
      </button>
    </div>
  );
}
