import { type ChartData, unitCaption } from './chart-data.ts';
import { ESTIMATE_ALPHA, seriesColors, withAlpha } from './palette.ts';
import './ChartLegend.css';

interface LegendItem {
  readonly key: string;
  readonly label: string;
  readonly swatch: 'bar' | 'line' | 'dashed';
  readonly color: string;
  readonly fill?: string;
}

function legendItems(data: ChartData): LegendItem[] {
  const colors = seriesColors(data.series);
  const items: LegendItem[] = data.series.map((series, index) => {
    const color = colors[index] ?? '';
    const unit = series.kind === 'benchmark' ? '' : `(${unitCaption(series.unit)})`;
    const swatch = series.kind === 'bar' ? 'bar' : series.kind === 'benchmark' ? 'dashed' : 'line';
    return { key: `series-${index}`, label: `${series.label}${unit}`, swatch, color };
  });
  const bar = data.series.findIndex((series) => series.kind === 'bar');
  if (bar >= 0 && data.estimates?.some(Boolean)) {
    const color = colors[bar] ?? '';
    items.push({ key: 'estimate', label: '预测(E)', swatch: 'bar', color, fill: withAlpha(color, ESTIMATE_ALPHA) });
  }
  return items;
}

/** The chart's key in HTML (uPlot's own legend is off): readable at any width and by screen readers. */
export function ChartLegend({ data }: { data: ChartData }) {
  return (
    <ul className="chart__legend">
      {legendItems(data).map((item) => (
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
