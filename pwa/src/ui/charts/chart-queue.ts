import type uPlot from 'uplot';
import { yieldToMain } from '../../lib/yield-to-main.ts';

/** Used until the container has been laid out (and under jsdom); the chart's ResizeObserver corrects it. */
export const FALLBACK_WIDTH = 320;
/**
 * How near the viewport a chart is built: half a screen ahead, where the browser also lays out a section
 * kept off screen by `content-visibility: auto` (report-skeleton.css).
 */
const NEAR = '50% 0px';

export interface PendingChart {
  readonly element: HTMLElement;
  readonly build: (UPlot: typeof uPlot, width: number) => void;
}

let uPlotClass: Promise<typeof uPlot> | null = null;

/** uPlot loads when the first chart is wanted, not with the first screen's JavaScript. */
function loadUPlot(): Promise<typeof uPlot> {
  uPlotClass ??= import('uplot').then(
    (module) => (module as unknown as { default?: typeof uPlot }).default ?? (module as unknown as typeof uPlot),
  );
  return uPlotClass;
}

/** Loads uPlot when the browser is idle, so the first chart scrolled to does not wait for its chunk. */
function warmWhenIdle(): void {
  if (uPlotClass) return;
  const warm = () => {
    loadUPlot().catch(() => {
      // The chart asked for next tries to load it again.
      uPlotClass = null;
    });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(warm, { timeout: 5000 });
  else setTimeout(warm, 200);
}

/** Whether the element sits in a section the browser skips for now (content-visibility, off screen). */
function skipped(element: HTMLElement): boolean {
  return element.checkVisibility?.({ contentVisibilityAuto: true }) === false;
}

const kindOf = (element: HTMLElement) => (element.closest('.chart--wide') ? 'wide' : 'normal');
/** The last width measured per kind of chart (wide or not), for a chart whose section is not laid out. */
const widthOfKind = new Map<string, number>();

/**
 * The width to build a chart at: measured when its section is laid out; otherwise (measuring would lay the
 * section out now) the last width measured for its kind, corrected by its ResizeObserver once laid out.
 */
function widthOf(element: HTMLElement): number {
  const measured = skipped(element) ? 0 : element.clientWidth;
  if (measured > 0) {
    widthOfKind.set(kindOf(element), measured);
    return measured;
  }
  return widthOfKind.get(kindOf(element)) ?? FALLBACK_WIDTH;
}

const queue: PendingChart[] = [];
let draining = false;

/** Builds the queued charts one per task: a tap between two charts is answered before the next is drawn. */
async function drain(): Promise<void> {
  draining = true;
  try {
    const UPlot = await loadUPlot();
    for (let chart = queue.shift(); chart; chart = queue.shift()) {
      // One chart that cannot be drawn leaves the others drawn.
      try {
        chart.build(UPlot, widthOf(chart.element));
      } catch (error) {
        console.error('图表绘制失败', error);
      }
      // Without an IntersectionObserver every chart comes at once: they are built together, as they came.
      if (queue.length > 0 && typeof IntersectionObserver !== 'undefined') await yieldToMain();
    }
  } catch {
    // No chart can be drawn without uPlot; the next chart asked for tries to load it again.
    queue.length = 0;
    uPlotClass = null;
  } finally {
    draining = false;
  }
}

function enqueue(chart: PendingChart): void {
  queue.push(chart);
  if (!draining) void drain();
}

let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, PendingChart>();

function nearObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const chart = waiting.get(entry.target);
        observer?.unobserve(entry.target);
        waiting.delete(entry.target);
        if (chart) enqueue(chart);
      }
    },
    { rootMargin: NEAR },
  );
  return observer;
}

/**
 * Builds the chart when its element comes near the viewport (at once where there is no
 * IntersectionObserver), one chart per task. Returns the cancel for an element removed before it was drawn.
 */
export function drawWhenNear(chart: PendingChart): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    enqueue(chart);
  } else {
    waiting.set(chart.element, chart);
    nearObserver().observe(chart.element);
    warmWhenIdle();
  }
  return () => {
    if (waiting.delete(chart.element)) observer?.unobserve(chart.element);
    const index = queue.indexOf(chart);
    if (index >= 0) queue.splice(index, 1);
  };
}
