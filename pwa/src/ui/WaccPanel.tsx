import type { WaccBreakdown } from '@fcf/engine';
import { waccPanelSpec } from '@fcf/engine/report';
import './WaccPanel.css';

/** The WACC's inputs and bound, collapsed under the DCF table (report and custom page). */
export function WaccPanel({ breakdown, manual }: { breakdown: WaccBreakdown; manual: boolean }) {
  const spec = waccPanelSpec(breakdown, manual);
  return (
    <details className="wacc-panel" data-testid="wacc-panel">
      <summary>{spec.summary}</summary>
      <dl className="wacc-panel__rows">
        {spec.rows.map((row) => (
          <div key={row.label} className="wacc-panel__row">
            <dt>{row.label}</dt>
            <dd>{row.text}</dd>
          </div>
        ))}
      </dl>
      {spec.note ? <p className="wacc-panel__note">{spec.note}</p> : null}
    </details>
  );
}
