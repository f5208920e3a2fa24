import {
  type ChartSpec,
  ESTIMATE_ALPHA,
  hexRgb,
  PALETTE,
  rgba,
  rgbHex,
  TONE_RGB,
  unitCaption,
} from '@fcf/engine/report';
import { seriesColor } from './chart-options.ts';
import './ChartLegend.css';

interface LegendItem {
  readonly key: string;
  readonly label: string;
  readonly swatch: 'bar' | 'line' | 'dashed';
  readonly color: string;
  readonly fill?: string;
}

/** The key, as the PDF draws it: bars coloured by sign say what each colour means; forecasts are lighter. */
function legendItems(chart: ChartSpec): LegendItem[] {
  const items: LegendItem[] = [];
  chart.series.forEach((series, index) => {
    const unit = `(${unitCaption(series.unit)})`;
    if (series.kind === 'bar' && series.toneKind === 'change') {
      items.push(
        { key: `rise-${index}`, label: `${series.label}增加${unit}`, swatch: 'bar', color: rgbHex(TONE_RGB.rise) },
        { key: `fall-${index}`, label: `${series.label}减少${unit}`, swatch: 'bar', color: rgbHex(TONE_RGB.fall) },
      );
      return;
    }
    const swatch = series.kind === 'bar' ? 'bar' : 'line';
    items.push({ key: `series-${index}`, label: `${series.label}${unit}`, swatch, color: seriesColor(series) });
  });
  chart.benchmarks.forEach((benchmark, index) => {
    items.push({ key: `benchmark-${index}`, label: benchmark.label, swatch: 'dashed', color: PALETTE.benchmark });
  });
  const bar = chart.series.find((series) => series.kind === 'bar');
  if (bar && chart.estimates.some(Boolean)) {
    // Bars coloured by sign have no one colour: their forecasts are keyed in grey.
    const color = bar.toneKind === 'change' ? PALETTE.muted : seriesColor(bar);
    items.push({ key: 'estimate', label: '预测(E)', swatch: 'bar', color, fill: rgba(hexRgb(color), ESTIMATE_ALPHA) });
  }
  return items;
}

/** The chart's key in HTML (uPlot's own legend is off): readable at any width and by screen readers. */
export function ChartLegend({ chart }: { chart: ChartSpec }) {
  return (
    <ul className="chart__legend">
      {legendItems(chart).map((item) => (
        <li key={item.key} className="chart__legend-item">
          <span
            className={`chart__swatch chart__swatch--${item.swatch}`}
            style={{
              borderColor: item.color,
              backgroundColor: item.swatch === 'bar' ? (item.fill ?? item.color) : undefined,
            }}
            aria-hidden="true"
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
