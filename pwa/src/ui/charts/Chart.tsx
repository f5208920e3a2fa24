import { type ChartSpec, type ChartTitles, chartForWidth, isChartEmpty, latestIndex } from '@fcf/engine/report';
import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { MOBILE_MAX_WIDTH, PHONE_MAX_WIDTH, useViewportWidth } from '../use-viewport-width.ts';
import { ChartLegend } from './ChartLegend.tsx';
import { accessibleSummary, describePoint } from './chart-data.ts';
import { buildChart } from './chart-options.ts';
import { drawWhenNear } from './chart-queue.ts';
import './Chart.css';

export interface ChartProps {
  /** Keep it referentially stable (useMemo): a new object rebuilds the chart. */
  readonly spec: ChartSpec;
}

const CHART_HEIGHT = 220;
const PHONE_CHART_HEIGHT = 160;

export function chartTitle(titles: ChartTitles, viewportWidth: number): string {
  if (viewportWidth <= PHONE_MAX_WIDTH) return titles.short ?? titles.medium ?? titles.full;
  if (viewportWidth <= MOBILE_MAX_WIDTH) return titles.medium ?? titles.full;
  return titles.full;
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
    const cancel = drawWhenNear({
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
      cancel();
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
