import { type ChartSpec, type ChartTitles, chartForWidth, isChartEmpty, latestIndex } from '@fcf/engine/report';
import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { MOBILE_MAX_WIDTH, PHONE_MAX_WIDTH, useViewportWidth } from '../use-viewport-width.ts';
import { ChartLegend } from './ChartLegend.tsx';
import { accessibleSummary, describePoint } from './chart-data.ts';
import { buildChart } from './chart-options.ts';
import './Chart.css';

export interface ChartProps {
  /** Keep it referentially stable (useMemo): a new object rebuilds the chart. */
  readonly spec: ChartSpec;
}

const CHART_HEIGHT = 220;
const PHONE_CHART_HEIGHT = 160;
/** Used until the container has been laid out (and under jsdom); the observer corrects it. */
const FALLBACK_WIDTH = 320;

export function chartTitle(titles: ChartTitles, viewportWidth: number): string {
  if (viewportWidth <= PHONE_MAX_WIDTH) return titles.short ?? titles.medium ?? titles.full;
  if (viewportWidth <= MOBILE_MAX_WIDTH) return titles.medium ?? titles.full;
  return titles.full;
}

let uPlotClass: Promise<typeof uPlot> | null = null;

/** uPlot loads with the report's data, not with the first screen's JavaScript. */
function loadUPlot(): Promise<typeof uPlot> {
  uPlotClass ??= import('uplot').then(
    (module) => (module as unknown as { default?: typeof uPlot }).default ?? (module as unknown as typeof uPlot),
  );
  return uPlotClass;
}

/**
 * Starts loading uPlot now, so its chunk is fetched and run while the report's data is read and computed
 * rather than after the first chart is rendered (offline, that wait came after everything else).
 */
export function warmCharts(): void {
  loadUPlot().catch(() => {
    // The charts asked for next try to load it again.
    uPlotClass = null;
  });
}

interface PendingChart {
  readonly element: HTMLElement;
  readonly build: (UPlot: typeof uPlot, width: number) => void;
}

const pending: PendingChart[] = [];

/** Whether the element sits in a section the browser skips for now (content-visibility, off screen). */
function skipped(element: HTMLElement): boolean {
  return element.checkVisibility?.({ contentVisibilityAuto: true }) === false;
}

/**
 * The width to build each chart at. Charts on screen are measured, all in one layout. A chart in a section
 * off screen is not (measuring it would lay that section out now): it takes the width of a measured chart
 * of its kind (wide or not), and its ResizeObserver corrects it if the section, once laid out, differs.
 */
function chartWidths(charts: readonly PendingChart[]): number[] {
  const kindOf = (element: HTMLElement) => (element.closest('.chart--wide') ? 'wide' : 'normal');
  const measured = charts.map(({ element }) => (skipped(element) ? 0 : element.clientWidth));
  const widthOfKind = new Map<string, number>();
  charts.forEach(({ element }, index) => {
    const width = measured[index] ?? 0;
    if (width > 0 && !widthOfKind.has(kindOf(element))) widthOfKind.set(kindOf(element), width);
  });
  return charts.map(({ element }, index) => measured[index] || widthOfKind.get(kindOf(element)) || FALLBACK_WIDTH);
}

/**
 * Builds a chart once uPlot is loaded. The charts of a report come together and are built together, their
 * widths read first (`chartWidths`): reading each width after the previous chart was put in the page would
 * lay the page out again for every chart.
 */
function whenUPlotLoaded(chart: PendingChart): void {
  pending.push(chart);
  if (pending.length > 1) return;
  loadUPlot().then(
    (UPlot) => {
      const charts = pending.splice(0);
      const widths = chartWidths(charts);
      for (const [index, { build }] of charts.entries()) {
        // One chart that cannot be drawn leaves the others drawn.
        try {
          build(UPlot, widths[index] ?? FALLBACK_WIDTH);
        } catch (error) {
          console.error('图表绘制失败', error);
        }
      }
    },
    () => {
      // No chart can be drawn without it; the next chart asked for tries to load it again.
      pending.length = 0;
      uPlotClass = null;
    },
  );
}

/** A chart spec drawn by uPlot: titled, following its container's width, with a legend and a readout of the hovered year. */
export function Chart({ spec }: ChartProps) {
  const viewportWidth = useViewportWidth();
  const narrow = viewportWidth <= MOBILE_MAX_WIDTH;
  const data = useMemo(() => chartForWidth(spec, narrow), [spec, narrow]);
  const { titles, emptyText, wide, note } = spec;
  const height = viewportWidth <= PHONE_MAX_WIDTH ? PHONE_CHART_HEIGHT : CHART_HEIGHT;
  const host = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const empty = isChartEmpty(data);

  // Rebuilt when the data or the height changes (the tick count follows the height); widths only resize.
  useEffect(() => {
    const element = host.current;
    if (!element || empty) return;
    setHovered(null);
    let cancelled = false;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    whenUPlotLoaded({
      element,
      build: (UPlot, width) => {
        if (cancelled) return;
        const built = buildChart(data, { width, height }, setHovered, UPlot.paths.bars);
        const drawn = new UPlot(built.options, built.data, element);
        chart = drawn;
        observer = new ResizeObserver((entries) => {
          const resized = Math.floor(entries[0]?.contentRect.width ?? 0);
          if (resized > 0 && resized !== drawn.width) drawn.setSize({ width: resized, height });
        });
        observer.observe(element);
      },
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [data, empty, height]);

  const title = chartTitle(titles, viewportWidth);
  const readoutIndex = hovered ?? latestIndex(data);
  return (
    <figure className={wide ? 'chart chart--wide' : 'chart'}>
      <figcaption className="chart__title" title={titles.full}>
        {title}
      </figcaption>
      {empty ? (
        <p className="chart__empty">{emptyText}</p>
      ) : (
        <>
          <ChartLegend chart={data} />
          <div ref={host} className="chart__canvas" role="img" aria-label={accessibleSummary(data)} />
          <p className="chart__readout" aria-hidden="true">
            {readoutIndex === null ? null : describePoint(data, readoutIndex)}
          </p>
        </>
      )}
      {note ? <p className="chart__note">{note}</p> : null}
    </figure>
  );
}
