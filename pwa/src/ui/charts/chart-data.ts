import { type ChartSpec, formatWithUnit, latestIndex, unitCaption } from '@fcf/engine/report';

/** What a chart says in words: the readout under it and its description for screen readers. */

/** '2024：营业收入 100.00 亿元，同比增长率 25.00%'. */
export function describePoint(chart: ChartSpec, index: number): string {
  const parts = chart.series.map(
    (series) => `${series.label} ${formatWithUnit(series.unit, series.values[index] ?? null)}`,
  );
  return `${chart.labels[index] ?? ''}：${parts.join('，')}`;
}

/** '营业收入与增长率（亿元、%），2015至2024；最新 2024：…'. */
export function accessibleSummary(chart: ChartSpec): string {
  const units = [...new Set(chart.series.map((series) => unitCaption(series.unit)))].join('、');
  const range = `${chart.labels[0] ?? ''}至${chart.labels[chart.labels.length - 1] ?? ''}`;
  const latest = latestIndex(chart);
  return `${chart.titles.full}（${units}），${range}${latest === null ? '' : `；最新 ${describePoint(chart, latest)}`}`;
}
