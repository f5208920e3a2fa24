import type { ReturnsRow } from '../../history/analytics.ts';
import { type FinancialAnalysisView, REPORT_HISTORY_YEARS } from '../report-views.ts';
import { CHART_HISTORY_YEARS, lastOf, NARROW_HISTORY, tableRow } from './spec-parts.ts';
import type { ChartSpec, HistoryModuleSpec } from './spec-types.ts';

/** ROE − ROIC in percentage points; null unless both are known. */
function spread(row: ReturnsRow): number | null {
  return row.roe === null || row.roic === null ? null : row.roe - row.roic;
}

function returnsChart(
  rows: readonly ReturnsRow[],
  key: 'roe' | 'roic',
  full: string,
  color: 'primary' | 'teal',
): ChartSpec {
  const short = key.toUpperCase();
  return {
    id: key,
    titles: { full, short },
    labels: rows.map((row) => String(row.year)),
    estimates: rows.map(() => false),
    series: [
      {
        key,
        label: short,
        kind: 'line',
        unit: 'percent',
        axis: 'left',
        values: rows.map((row) => row[key]),
        color,
        toneKind: 'level',
        pointLabels: true,
      },
    ],
    benchmarks: [],
    emptyText: `暂无${short}数据`,
    note: null,
    wide: false,
    narrowWindow: NARROW_HISTORY,
  };
}

/** ROE and ROIC of the latest 5 years in the table, up to 10 in the charts. */
export function roeRoicSpec(view: FinancialAnalysisView): HistoryModuleSpec {
  const rows = view.data.roe_roic;
  if (rows.length === 0) return { empty: '暂无ROE-ROIC数据', tables: [], notice: null, hints: [], charts: [] };
  const recent = lastOf(rows, REPORT_HISTORY_YEARS);
  const charted = lastOf(rows, CHART_HISTORY_YEARS);
  return {
    empty: null,
    tables: [
      {
        id: 'roe-roic',
        caption: 'ROE 与 ROIC',
        labelHeader: '指标',
        columns: recent.map((row) => String(row.year)),
        rows: [
          tableRow(
            'roe',
            'ROE（净资产收益率）',
            'percent',
            'level',
            recent.map((row) => row.roe),
          ),
          tableRow(
            'roic',
            'ROIC（投入资本回报率）',
            'percent',
            'level',
            recent.map((row) => row.roic),
          ),
          tableRow('spread', 'ROE−ROIC 差值', 'percent', 'change', recent.map(spread)),
        ],
      },
    ],
    notice: null,
    hints: ['差值为正，通常说明负债放大了股东回报；为负时，可能是负债成本偏高，或账面资金较多、摊薄了ROE。'],
    charts: [
      returnsChart(charted, 'roe', 'ROE（净资产收益率）', 'primary'),
      returnsChart(charted, 'roic', 'ROIC（投入资本回报率）', 'teal'),
    ],
  };
}
