import { formatValue, type ValueUnit } from '../format.ts';
import { REPORT_HISTORY_YEARS } from '../report-views.ts';
import { type ToneKind, toneOf } from '../tone.ts';
import type { ChartSpec, TableRowSpec, YearWindow } from './spec-types.ts';

/** The pieces the report's specs are made of: rows with their texts and tones, year windows of charts. */

/** Charts show up to 10 reported years (tables 5). */
export const CHART_HISTORY_YEARS = 10;
/** What phones show of the history charts: the latest 5 years. */
export const NARROW_HISTORY: YearWindow = { history: REPORT_HISTORY_YEARS, forecast: 0 };
/** The FCF part charts (and the trend on phones): the latest 5 reported years and 5 forecast years. */
export const SMALL_CHART_WINDOW: YearWindow = { history: REPORT_HISTORY_YEARS, forecast: 5 };

export function lastOf<T>(rows: readonly T[], count: number): T[] {
  return rows.slice(Math.max(0, rows.length - count));
}

/** A row of figures with each one's text (by the unit) and tone (by the kind). */
export function tableRow(
  key: string,
  label: string,
  unit: ValueUnit,
  toneKind: ToneKind,
  values: readonly (number | null)[],
): TableRowSpec {
  return {
    key,
    label,
    unit,
    toneKind,
    values,
    texts: values.map((value) => formatValue(unit, value)),
    tones: values.map((value) => toneOf(value, toneKind)),
  };
}

/** The latest `years.history` reported points, then the first `years.forecast` estimates. */
export function spanYears<T extends { readonly isEstimate: boolean }>(points: readonly T[], years: YearWindow): T[] {
  const history = points.filter((point) => !point.isEstimate);
  const forecast = points.filter((point) => point.isEstimate);
  return [...lastOf(history, years.history), ...forecast.slice(0, years.forecast)];
}

/** The chart as a phone shows it (768 px or narrower): its narrow window of years, if it has one. */
export function chartForWidth(chart: ChartSpec, narrow: boolean): ChartSpec {
  const years = chart.narrowWindow;
  if (!narrow || !years) return chart;
  const points = chart.labels.map((_, index) => ({ index, isEstimate: chart.estimates[index] ?? false }));
  const kept = spanYears(points, years).map((point) => point.index);
  const pick = <T>(values: readonly T[]) => kept.map((index) => values[index] as T);
  return {
    ...chart,
    labels: pick(chart.labels),
    estimates: pick(chart.estimates),
    series: chart.series.map((series) => ({ ...series, values: pick(series.values) })),
  };
}

/** The latest x position where a series has a value (benchmarks are not data), or null. */
export function latestIndex(chart: ChartSpec): number | null {
  for (let index = chart.labels.length - 1; index >= 0; index--) {
    if (chart.series.some((series) => Number.isFinite(series.values[index] ?? Number.NaN))) return index;
  }
  return null;
}

/** True when no series has a value: the chart shows its empty text. */
export function isChartEmpty(chart: ChartSpec): boolean {
  return latestIndex(chart) === null;
}
