import type { ReturnsRow } from '../../history/analytics.ts';
import { yearLabel } from '../format.ts';
import { type FinancialAnalysisView, REPORT_HISTORY_YEARS } from '../report-views.ts';
import { CHART_HISTORY_YEARS, lastOf, NARROW_HISTORY, tableRow } from './spec-parts.ts';
import type { ChartSpec, HistoryModuleSpec, TableRowSpec } from './spec-types.ts';

/** Shown for a ratio the model found not meaningful (null with a reason); charts leave a gap. */
export const NOT_MEANINGFUL = 'n.m.';

/** The ratio's row, 'n.m.' where the model gave a reason instead of a value. */
function returnsRow(key: 'roe' | 'roic', label: string, rows: readonly ReturnsRow[]): TableRowSpec {
  const row = tableRow(
    key,
    label,
    'percent',
    'level',
    rows.map((entry) => entry[key]),
  );
  const reasonKey = key === 'roe' ? 'roe_reason' : 'roic_reason';
  return {
    ...row,
    texts: row.texts.map((text, index) => (rows[index]?.[reasonKey] ? NOT_MEANINGFUL : text)),
  };
}

/** Why each n.m. of the table is one, once per reason. */
function notMeaningfulHints(rows: readonly ReturnsRow[], trailingYear: number | null): string[] {
  const hints = new Set<string>();
  for (const row of rows) {
    const year = yearLabel(row.year, false, trailingYear);
    if (row.roe_reason) hints.add(`${NOT_MEANINGFUL} ${year} ROE：${row.roe_reason}`);
    if (row.roic_reason) hints.add(`${NOT_MEANINGFUL} ${year} ROIC：${row.roic_reason}`);
  }
  return [...hints];
}

/** ROE − ROIC in percentage points; null unless both are known. */
function spread(row: ReturnsRow): number | null {
  return row.roe === null || row.roic === null ? null : row.roe - row.roic;
}

function returnsChart(
  rows: readonly ReturnsRow[],
  key: 'roe' | 'roic',
  full: string,
  color: 'primary' | 'teal',
  trailingYear: number | null,
): ChartSpec {
  const short = key.toUpperCase();
  return {
    id: key,
    titles: { full, short },
    labels: rows.map((row) => yearLabel(row.year, false, trailingYear)),
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
  const trailingYear = view.summary.trailing_year;
  return {
    empty: null,
    tables: [
      {
        id: 'roe-roic',
        caption: 'ROE 与 ROIC',
        labelHeader: '指标',
        columns: recent.map((row) => yearLabel(row.year, false, trailingYear)),
        rows: [
          returnsRow('roe', 'ROE（净资产收益率）', recent),
          returnsRow('roic', 'ROIC（投入资本回报率）', recent),
          tableRow('spread', 'ROE−ROIC 差值', 'percent', 'change', recent.map(spread)),
        ],
      },
    ],
    notice: null,
    hints: [
      '差值为正，通常说明负债放大了股东回报；为负时，可能是负债成本偏高，或账面资金较多、摊薄了ROE。',
      ...notMeaningfulHints(recent, trailingYear),
    ],
    charts: [
      returnsChart(charted, 'roe', 'ROE（净资产收益率）', 'primary', trailingYear),
      returnsChart(charted, 'roic', 'ROIC（投入资本回报率）', 'teal', trailingYear),
    ],
  };
}
