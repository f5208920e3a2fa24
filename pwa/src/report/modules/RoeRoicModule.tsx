import type { ReturnsRow } from '@fcf/engine';
import { type CompanyReport, REPORT_HISTORY_YEARS } from '@fcf/engine/report';
import { useMemo } from 'react';
import { formatPercent } from '../../lib/format.ts';
import { useViewportWidth } from '../../ui/use-viewport-width.ts';
import { Chart } from '../charts/Chart.tsx';
import type { ChartData } from '../charts/chart-data.ts';
import { PALETTE } from '../charts/palette.ts';
import { YearTable } from '../YearTable.tsx';
import { isNarrow } from '../year-window.ts';

/** ROE − ROIC in percentage points; null unless both are known. */
function spread(row: ReturnsRow): number | null {
  return row.roe === null || row.roic === null ? null : row.roe - row.roic;
}

function returnsChart(rows: readonly ReturnsRow[], key: 'roe' | 'roic', color: string): ChartData {
  return {
    labels: rows.map((row) => String(row.year)),
    series: [{ label: key.toUpperCase(), kind: 'line', unit: 'percent', values: rows.map((row) => row[key]), color }],
  };
}

export function RoeRoicModule({ report }: { report: CompanyReport }) {
  const rows = report.financialAnalysis.data.roe_roic;
  const narrow = isNarrow(useViewportWidth());
  const charts = useMemo(() => {
    const charted = narrow ? rows.slice(-REPORT_HISTORY_YEARS) : rows;
    return { roe: returnsChart(charted, 'roe', PALETTE.primary), roic: returnsChart(charted, 'roic', PALETTE.teal) };
  }, [rows, narrow]);
  if (rows.length === 0) return <p className="report-module__empty">暂无ROE-ROIC数据</p>;

  const recent = rows.slice(-REPORT_HISTORY_YEARS);
  return (
    <>
      <YearTable
        caption="ROE 与 ROIC"
        years={recent.map((row) => String(row.year))}
        rows={[
          { label: 'ROE（净资产收益率）', values: recent.map((row) => row.roe), format: formatPercent },
          { label: 'ROIC（投入资本回报率）', values: recent.map((row) => row.roic), format: formatPercent },
          { label: 'ROE−ROIC 差值', values: recent.map(spread), format: formatPercent },
        ]}
      />
      <p className="report-module__hint">
        差值为正，通常说明负债放大了股东回报；为负时，可能是负债成本偏高，或账面资金较多、摊薄了ROE。
      </p>
      <div className="chart-grid">
        <Chart titles={{ full: 'ROE（净资产收益率）', short: 'ROE' }} data={charts.roe} emptyText="暂无ROE数据" />
        <Chart titles={{ full: 'ROIC（投入资本回报率）', short: 'ROIC' }} data={charts.roic} emptyText="暂无ROIC数据" />
      </div>
    </>
  );
}
