import type { ProfitabilityRow } from '@fcf/engine';
import { type CompanyReport, REPORT_HISTORY_YEARS } from '@fcf/engine/report';
import { useMemo } from 'react';
import { formatAmount, formatPercent } from '../../lib/format.ts';
import { useViewportWidth } from '../../ui/use-viewport-width.ts';
import { Chart } from '../charts/Chart.tsx';
import type { ChartData } from '../charts/chart-data.ts';
import { PALETTE } from '../charts/palette.ts';
import { YearTable } from '../YearTable.tsx';
import { isNarrow } from '../year-window.ts';

function profitabilityCharts(rows: readonly ProfitabilityRow[]) {
  const labels = rows.map((row) => String(row.year));
  const pick = (key: keyof Omit<ProfitabilityRow, 'year'>) => rows.map((row) => row[key]);
  const amountWithGrowth = (
    label: string,
    amount: 'revenue' | 'netProfit',
    growth: 'revenueGrowth' | 'netProfitGrowth',
  ) =>
    ({
      labels,
      series: [
        { label, kind: 'bar', unit: 'amount', values: pick(amount) },
        {
          label: '同比增长率',
          kind: 'line',
          unit: 'percent',
          values: pick(growth),
          axis: 'right',
          color: PALETTE.amber,
        },
      ],
    }) satisfies ChartData;
  const margin = (label: string, key: 'grossMargin' | 'netMargin', color: string) =>
    ({ labels, series: [{ label, kind: 'line', unit: 'percent', values: pick(key), color }] }) satisfies ChartData;
  return {
    revenue: amountWithGrowth('营业收入', 'revenue', 'revenueGrowth'),
    netProfit: amountWithGrowth('归母净利润', 'netProfit', 'netProfitGrowth'),
    grossMargin: margin('毛利率', 'grossMargin', PALETTE.primary),
    netMargin: margin('净利率', 'netMargin', PALETTE.teal),
  };
}

/** Revenue, margins and profit: the latest 5 years in the table, up to 10 in the charts (5 on phones). */
export function ProfitabilityModule({ report }: { report: CompanyReport }) {
  const rows = report.financialAnalysis.data.profitability;
  const narrow = isNarrow(useViewportWidth());
  const charts = useMemo(() => profitabilityCharts(narrow ? rows.slice(-REPORT_HISTORY_YEARS) : rows), [rows, narrow]);
  if (rows.length === 0) return <p className="report-module__empty">暂无盈利能力数据</p>;

  const recent = rows.slice(-REPORT_HISTORY_YEARS);
  const column = (key: keyof Omit<ProfitabilityRow, 'year'>) => recent.map((row) => row[key]);
  return (
    <>
      <YearTable
        caption="盈利能力指标（金额单位：亿元）"
        years={recent.map((row) => String(row.year))}
        rows={[
          { label: '营业收入(亿元)', values: column('revenue'), format: formatAmount },
          { label: '收入增长率', values: column('revenueGrowth'), format: formatPercent },
          { label: '毛利率', values: column('grossMargin'), format: formatPercent },
          { label: '归母净利润(亿元)', values: column('netProfit'), format: formatAmount },
          { label: '净利率', values: column('netMargin'), format: formatPercent },
          { label: '净利润增长率', values: column('netProfitGrowth'), format: formatPercent },
        ]}
      />
      <div className="chart-grid">
        <Chart
          titles={{ full: '营业收入与增长率', medium: '营业收入', short: '收入' }}
          data={charts.revenue}
          emptyText="暂无营业收入数据"
        />
        <Chart
          titles={{ full: '归母净利润与增长率', medium: '归母净利润', short: '净利润' }}
          data={charts.netProfit}
          emptyText="暂无净利润数据"
        />
        <Chart titles={{ full: '毛利率趋势', medium: '毛利率' }} data={charts.grossMargin} emptyText="暂无毛利率数据" />
        <Chart titles={{ full: '净利率趋势', medium: '净利率' }} data={charts.netMargin} emptyText="暂无净利率数据" />
      </div>
    </>
  );
}
