import type { WarningSpec } from '@fcf/engine/report';
import './report-notice.css';

/** The valuation's warnings, shown next to every value per share (report, custom page, WACC tool). */
export function ValuationWarnings({ warnings }: { warnings: readonly WarningSpec[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="report-notice report-notice--warning" data-testid="valuation-warnings">
      <p>估值提示：</p>
      <ul>
        {warnings.map((warning) => (
          <li key={`${warning.code}:${warning.text}`} data-code={warning.code}>
            {warning.text}
          </li>
        ))}
      </ul>
    </div>
  );
}
