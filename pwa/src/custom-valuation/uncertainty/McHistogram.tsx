import { formatAmount, PALETTE, type SimulationView } from '@fcf/engine/report';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { drawWhenNear } from '../../ui/charts/chart-queue.ts';

const HEIGHT = 180;

/** The lines drawn over the bars: the price solid, P10/P50/P90 dashed. */
function markers(simulation: SimulationView, price: number | null) {
  const lines: { value: number; dash: number[]; color: string }[] = [];
  for (const value of [simulation.p10, simulation.p50, simulation.p90]) {
    if (value !== null) lines.push({ value, dash: [4, 4], color: PALETTE.muted });
  }
  if (price !== null) lines.push({ value: price, dash: [], color: PALETTE.amber });
  return lines;
}

/** The simulation's values per share as a histogram (uPlot), the price marked. */
export function McHistogram({ simulation, price }: { simulation: SimulationView; price: number | null }) {
  const host = useRef<HTMLDivElement>(null);
  const { edges, counts } = simulation.histogram;
  useEffect(() => {
    const element = host.current;
    if (!element || counts.length === 0) return;
    let chart: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    const centres = counts.map((_, index) => ((edges[index] ?? 0) + (edges[index + 1] ?? 0)) / 2);
    const lines = markers(simulation, price);
    const cancel = drawWhenNear({
      element,
      build: (UPlot, width) => {
        if (cancelled) return;
        const drawn = new UPlot(
          {
            width,
            height: HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            scales: {
              x: {
                time: false,
                range: () => [
                  Math.min(edges[0] ?? 0, price ?? Number.POSITIVE_INFINITY),
                  Math.max(edges.at(-1) ?? 1, price ?? Number.NEGATIVE_INFINITY),
                ],
              },
            },
            axes: [
              { stroke: PALETTE.muted, grid: { stroke: PALETTE.grid }, values: (_, ticks) => ticks.map((t) => `${t}`) },
              { stroke: PALETTE.muted, grid: { stroke: PALETTE.grid }, size: 40 },
            ],
            series: [
              {},
              {
                label: '次数',
                fill: `${PALETTE.primary}99`,
                stroke: PALETTE.primary,
                paths: UPlot.paths.bars?.({ size: [1, 100], align: 0 }),
                points: { show: false },
              },
            ],
            hooks: {
              draw: [
                (u) => {
                  const { ctx } = u;
                  ctx.save();
                  for (const line of lines) {
                    const x = u.valToPos(line.value, 'x', true);
                    ctx.strokeStyle = line.color;
                    ctx.lineWidth = 2 * devicePixelRatio;
                    ctx.setLineDash(line.dash.map((d) => d * devicePixelRatio));
                    ctx.beginPath();
                    ctx.moveTo(x, u.bbox.top);
                    ctx.lineTo(x, u.bbox.top + u.bbox.height);
                    ctx.stroke();
                  }
                  ctx.restore();
                },
              ],
            },
          },
          [centres, [...counts]],
          element,
        );
        chart = drawn;
        observer = new ResizeObserver((entries) => {
          const resized = Math.floor(entries[0]?.contentRect.width ?? 0);
          if (resized > 0 && resized !== drawn.width) drawn.setSize({ width: resized, height: HEIGHT });
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
  }, [edges, counts, simulation, price]);
  const summary = `每股价值分布：P10 ${formatAmount(simulation.p10)} 元，P50 ${formatAmount(simulation.p50)} 元，P90 ${formatAmount(simulation.p90)} 元${price !== null ? `，现价 ${formatAmount(price)} 元（橙线）` : ''}`;
  return (
    <figure className="unc-histogram" data-testid="mc-histogram">
      <figcaption>
        每股价值的模拟分布（{simulation.draws} 次，种子 {simulation.seed}）
      </figcaption>
      <div ref={host} className="unc-histogram__canvas" role="img" aria-label={summary} />
    </figure>
  );
}
