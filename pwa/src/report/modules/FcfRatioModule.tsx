import { FCF_RATIO_KEYS, type FcfRatioKey, type FcfRatioPoint } from '@fcf/engine';
import type { CompanyReport } from '@fcf/engine/report';
import { useMemo } from 'react';
import { Chart, type ChartTitles } from '../charts/Chart.tsx';
import { type ChartData, type ChartUnit, formatWithUnit } from '../charts/chart-data.ts';
import { PALETTE } from '../charts/palette.ts';

interface RatioChart {
  readonly titles: ChartTitles;
  readonly label: string;
  readonly unit: ChartUnit;
  readonly color: string;
}

const RATIO_CHARTS: Record<FcfRatioKey, RatioChart> = {
  fcf_revenue_ratio: {
    titles: { full: 'FCF/营业收入', short: 'FCF/收入' },
    label: 'FCF/营业收入',
    unit: 'percent',
    color: PALETTE.primary,
  },
  fcf_ev_ratio: {
    titles: { full: 'FCF/企业价值', short: 'FCF/EV' },
    label: 'FCF/企业价值',
    unit: 'percent',
    color: PALETTE.teal,
  },
  fcf_capex_ratio: {
    titles: { full: 'FCF/资本开支' },
    label: 'FCF/资本开支',
    unit: 'times',
    color: PALETTE.amber,
  },
  fcf_net_profit_ratio: {
    titles: { full: 'FCF/归母净利润', short: 'FCF/净利润' },
    label: 'FCF/归母净利润',
    unit: 'times',
    color: PALETTE.primary,
  },
};

function ratioChart(points: readonly FcfRatioPoint[], chart: RatioChart): ChartData {
  return {
    labels: points.map((point) => String(point.year)),
    series: [
      {
        label: chart.label,
        kind: 'line',
        unit: chart.unit,
        values: points.map((point) => point.value),
        color: chart.color,
        pointLabels: true,
      },
      {
        label: `基准线 ${formatWithUnit(chart.unit, points[0]?.benchmark ?? null)}`,
        kind: 'benchmark',
        unit: chart.unit,
        values: points.map((point) => point.benchmark),
      },
    ],
  };
}

/** The four FCF ratios of the reported years, each against its benchmark (spec §9: 5%, 5%, 1×, 1×). */
export function FcfRatioModule({ report }: { report: CompanyReport }) {
  const { charts } = report.fcfRatio;
  const evLabel = report.fcfEvBasis.label;
  const ratioCharts = useMemo(
    () =>
      FCF_RATIO_KEYS.map((key) => {
        // FCF/EV is named by the EV it divides by: the market's when there is a price, else the model's.
        const chart =
          key === 'fcf_ev_ratio'
            ? { ...RATIO_CHARTS[key], label: evLabel, titles: { full: evLabel } }
            : RATIO_CHARTS[key];
        return { key, titles: chart.titles, data: ratioChart(charts[key], chart) };
      }),
    [charts, evLabel],
  );
  // No sample series stand in for missing data: the report shows only the company's own figures.
  if (FCF_RATIO_KEYS.every((key) => charts[key].length === 0)) {
    return <p className="report-module__empty">暂无FCF比率数据</p>;
  }
  return (
    <>
      <div className="chart-grid">
        {ratioCharts.map(({ key, titles, data }) => (
          <Chart key={key} titles={titles} data={data} emptyText="暂无数据" />
        ))}
      </div>
      <p className="report-module__hint">红色虚线为各比率的基准线。{report.fcfEvBasis.note}</p>
    </>
  );
}
