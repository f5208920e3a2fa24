import type { HistoryModuleSpec } from '@fcf/engine/report';
import { Chart } from '../../ui/charts/Chart.tsx';
import { YearTable } from '../YearTable.tsx';

/**
 * A history module of the report (ROE-ROIC, profitability, FCF structure, FCF ratios) as its spec says:
 * the tables (or why there are none), the remarks, then the charts. The PDF draws the same spec.
 */
export function HistoryModule({ spec }: { spec: HistoryModuleSpec }) {
  if (spec.empty) return <p className="report-module__empty">{spec.empty}</p>;
  return (
    <>
      {spec.tables.map((table) => (
        <YearTable key={table.id} table={table} />
      ))}
      {spec.notice ? (
        <div className="report-notice report-notice--warning">
          <p>{spec.notice.text}</p>
          <ul>
            {spec.notice.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {spec.hints.map((hint) => (
        <p key={hint} className="report-module__hint">
          {hint}
        </p>
      ))}
      <div className="chart-grid">
        {spec.charts.map((chart) => (
          <Chart key={chart.id} spec={chart} />
        ))}
      </div>
    </>
  );
}
