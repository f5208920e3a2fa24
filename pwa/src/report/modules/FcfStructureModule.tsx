import type { CompanyReport, FcfStructureView } from '@fcf/engine/report';
import { useMemo } from 'react';
import { formatAmount, yearLabel } from '../../lib/format.ts';
import { useViewportWidth } from '../../ui/use-viewport-width.ts';
import { Chart } from '../charts/Chart.tsx';
import type { ChartData } from '../charts/chart-data.ts';
import { PALETTE } from '../charts/palette.ts';
import { YearTable } from '../YearTable.tsx';
import { isNarrow, SMALL_CHART_WINDOW, trendWindow, windowYears, type YearWindow } from '../year-window.ts';

interface YearValue {
  readonly year: number;
  readonly value: number | null;
  readonly isEstimate: boolean;
}

function barChart(label: string, points: readonly YearValue[], window: YearWindow, color: string): ChartData {
  const shown = windowYears(points, window);
  return {
    labels: shown.map((point) => yearLabel(point.year, point.isEstimate)),
    estimates: shown.map((point) => point.isEstimate),
    series: [{ label, kind: 'bar', unit: 'amount', values: shown.map((point) => point.value), color }],
  };
}

function structureCharts(charts: FcfStructureView['charts'], trend: YearWindow) {
  const fcf = charts.fcfTrend.map(({ year, freeCashFlow, isEstimate }) => ({ year, value: freeCashFlow, isEstimate }));
  const workingCapital = charts.workingCapital.map(({ year, workingCapitalChange, isEstimate }) => ({
    year,
    value: workingCapitalChange,
    isEstimate,
  }));
  return {
    trend: barChart('自由现金流', fcf, trend, PALETTE.primary),
    nopat: barChart('NOPAT', charts.nopat, SMALL_CHART_WINDOW, PALETTE.primary),
    noncashCost: barChart('非现金成本', charts.noncashCost, SMALL_CHART_WINDOW, PALETTE.teal),
    workingCapital: barChart('营运资本变动', workingCapital, SMALL_CHART_WINDOW, PALETTE.amber),
    capex: barChart('资本开支', charts.capex, SMALL_CHART_WINDOW, PALETTE.slate),
  };
}

function MissingTablePanel() {
  return (
    <div className="report-notice report-notice--warning">
      <p>暂无可展示的自由现金流历史数据，可能的原因：</p>
      <ul>
        <li>该公司的财务报表尚未导入或年份不全；</li>
        <li>报表缺少计算所需的科目（如购建固定资产支付的现金、折旧摊销）；</li>
        <li>最新年报仍在更新中，请稍后刷新。</li>
      </ul>
    </div>
  );
}

/** FCF and its four parts (FCF = NOPAT + 非现金成本 − 营运资本变动 − 资本开支), history and forecast. */
export function FcfStructureModule({ report }: { report: CompanyReport }) {
  const { charts, tableData, meta } = report.fcfStructure;
  const narrow = isNarrow(useViewportWidth());
  const chartData = useMemo(() => structureCharts(charts, trendWindow(narrow)), [charts, narrow]);
  const hasTable = tableData.years.length > 0 && tableData.metrics.length > 0;

  return (
    <>
      {hasTable ? (
        <>
          <YearTable
            caption="自由现金流构成（历史年度，单位：亿元）"
            years={tableData.years.map(String)}
            rows={tableData.metrics.map((metric) => ({
              label: `${metric.name}(${metric.unit})`,
              values: metric.values,
              format: formatAmount,
            }))}
          />
          <p className="report-module__hint">
            近{tableData.years.length}年历史自由现金流合计 {formatAmount(meta.total_historical_fcf)} 亿元
            {meta.recent_historical_complete ? '' : '（部分年份缺少数据，未计入）'}。自由现金流 = NOPAT + 非现金成本 −
            营运资本变动 − 资本开支。
          </p>
        </>
      ) : (
        <MissingTablePanel />
      )}
      <div className="chart-grid">
        <Chart
          wide
          titles={{ full: '自由现金流趋势（含预测）', medium: '自由现金流趋势', short: 'FCF趋势' }}
          data={chartData.trend}
          emptyText="暂无自由现金流数据"
        />
        <Chart
          titles={{ full: '税后营业利润（NOPAT）', short: 'NOPAT' }}
          data={chartData.nopat}
          emptyText="暂无NOPAT数据"
        />
        <Chart
          titles={{ full: '非现金成本（折旧摊销）', short: '非现金成本' }}
          data={chartData.noncashCost}
          emptyText="暂无非现金成本数据"
        />
        <Chart
          titles={{ full: '营运资本变动', short: '营运资本' }}
          data={chartData.workingCapital}
          emptyText="暂无营运资本变动数据"
          note="正值表示营运资本增加、占用现金。"
        />
        <Chart titles={{ full: '资本开支', short: '资本开支' }} data={chartData.capex} emptyText="暂无资本开支数据" />
      </div>
    </>
  );
}
