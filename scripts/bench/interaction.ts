/**
 * Section 10's responsiveness figure: interaction to next paint while a simulation runs (docs/model.md
 * section 16). On the custom page of 美的集团 in Chromium, each run changes the seed (a new 10,000-draw
 * simulation in the worker), and while it runs — between the page's `mc-run-N` mark and its `mc-run`
 * measure — types into a driver cell of the scenario table. The Event Timing API (PerformanceObserver type
 * 'event', durationThreshold 16) gives each interaction's latency from input to the next paint; an
 * interaction's latency is the longest of its events, as INP counts it.
 */
import type { Browser, Page } from 'playwright-core';
import { newPage } from '../../pwa/e2e/browser.ts';
import { COMPANY } from './browser.ts';
import { type Row, verdict } from './report.ts';
import { formatMillis, formatRatio, median, progress } from './stats.ts';

export const INTERACTION_RUNS = 12;
const INP_TARGET_MS = 200;
/** Event Timing reports no interaction shorter than this. */
const THRESHOLD_MS = 16;
/** Keys typed into the cell while each simulation runs. */
const KEYS = '1234';
const KEY_DELAY_MS = 15;
/** The driver cell typed into: 乐观's revenue growth in the scenario table. */
const CELL = 'input[aria-label="乐观：第1–5年营业收入增长率（%）"]';

export interface InteractionFigures {
  /** Each interaction that began while a simulation ran: its latency (ms, Event Timing's 8 ms grain). */
  readonly duringRun: readonly number[];
  /** Interactions outside a run (focusing the cell, Escape after it, the seed's Enter), for reference. */
  readonly outsideRun: readonly number[];
  /** Simulations that ran, and those still running when the last key had been typed. */
  readonly runs: number;
  readonly runsTypedInto: number;
  /** Keys typed (each an interaction; Event Timing reports only those of 16 ms or more). */
  readonly keys: number;
  readonly simulationMillis: readonly number[];
}

interface TimedEvent {
  readonly interactionId: number;
  readonly startTime: number;
  readonly duration: number;
}

declare global {
  interface Window {
    __benchEvents?: TimedEvent[];
  }
}

function observeEvents(page: Page): Promise<void> {
  return page.evaluate(() => {
    window.__benchEvents = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (entry.interactionId > 0) {
          window.__benchEvents?.push({
            interactionId: entry.interactionId,
            startTime: entry.startTime,
            duration: entry.duration,
          });
        }
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  });
}

const runMarks = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .filter((mark) => mark.name.startsWith('mc-run-'))
      .map((mark) => mark.startTime),
  );
const runMeasures = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByName('mc-run')
      .map((measure) => ({ start: measure.startTime, end: measure.startTime + measure.duration })),
  );

export async function measureInteraction(browser: Browser, baseURL: string): Promise<InteractionFigures> {
  progress(`10. range: typing into a driver cell while ${INTERACTION_RUNS} simulations run (Event Timing)`);
  const { context, page } = await newPage(browser, baseURL);
  await page.goto(`/valuation-custom?company=${encodeURIComponent(COMPANY)}`);
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  await page.locator('.unc-settings summary').click();
  const seed = page.locator('input[aria-label="随机种子"]');
  const cell = page.locator(CELL);
  await page.evaluate(() => performance.clearMeasures('mc-run'));
  await observeEvents(page);
  let runsTypedInto = 0;
  for (let run = 0; run < INTERACTION_RUNS; run++) {
    const marks = (await runMarks(page)).length;
    const measures = (await runMeasures(page)).length;
    await seed.fill(String(2000 + run));
    await seed.press('Enter');
    await cell.click();
    // The run starts 250 ms after the edit (the page's debounce); type as soon as it has.
    await page.waitForFunction(
      (n) => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('mc-run-')).length > n,
      marks,
      {
        polling: 'raf',
        timeout: 30_000,
      },
    );
    await page.keyboard.type(KEYS, { delay: KEY_DELAY_MS });
    if ((await runMeasures(page)).length === measures) runsTypedInto += 1;
    await page.waitForFunction((n) => performance.getEntriesByName('mc-run').length > n, measures, { timeout: 30_000 });
    await cell.press('Escape');
  }
  // Let the last interactions' entries arrive (they are reported after their next paint).
  await page.waitForTimeout(500);
  const events = await page.evaluate(() => window.__benchEvents ?? []);
  const runStarts = (await runMarks(page)).slice(-INTERACTION_RUNS);
  const runs = (await runMeasures(page)).slice(-INTERACTION_RUNS);
  await context.close();

  // Each run: from its mark to the end of its measure (the measure starts at the mark).
  const windows = runs.map((measure, index) => ({ start: runStarts[index] ?? measure.start, end: measure.end }));
  const latency = new Map<number, TimedEvent>();
  for (const event of events) {
    const known = latency.get(event.interactionId);
    if (!known || event.duration > known.duration) latency.set(event.interactionId, event);
  }
  const duringRun: number[] = [];
  const outsideRun: number[] = [];
  for (const event of latency.values()) {
    const within = windows.some((window) => event.startTime >= window.start && event.startTime <= window.end);
    (within ? duringRun : outsideRun).push(event.duration);
  }
  return {
    duringRun,
    outsideRun,
    runs: runs.length,
    runsTypedInto,
    keys: INTERACTION_RUNS * KEYS.length,
    simulationMillis: runs.map((measure) => measure.end - measure.start),
  };
}

/** The section's row: the worst interaction while a simulation ran, as a ratio to the 200 ms target. */
export function interactionRow(figures: InteractionFigures): { row: Row; missed: { what: string; cause: string }[] } {
  const worst = figures.duringRun.length > 0 ? Math.max(...figures.duringRun) : null;
  // None reported: every interaction took under the observer's threshold.
  const shown = worst ?? THRESHOLD_MS;
  const met = shown < INP_TARGET_MS;
  const outside = figures.outsideRun.length > 0 ? Math.max(...figures.outsideRun) : null;
  return {
    row: {
      benchmark:
        'Interaction to next paint while a simulation runs: keys typed into a driver cell (Chromium, Event Timing)',
      measured: worst === null ? `< ${THRESHOLD_MS} ms` : formatMillis(worst),
      spread: `${figures.duringRun.length} of ${figures.keys} keys at ≥ ${THRESHOLD_MS} ms; typed during ${figures.runsTypedInto} of ${figures.runs} runs (median run ${formatMillis(median(figures.simulationMillis))})`,
      reference: `target ${INP_TARGET_MS} ms; outside a run worst ${outside === null ? `< ${THRESHOLD_MS} ms` : formatMillis(outside)}`,
      ratio: `${worst === null ? '< ' : ''}${formatRatio(shown / INP_TARGET_MS)}`,
      target: `worst < ${INP_TARGET_MS} ms`,
      verdict: verdict(met),
      notes:
        "the longest event of each interaction (input to next paint), PerformanceObserver type 'event', durationThreshold 16",
    },
    missed: met
      ? []
      : [
          {
            what: `an interaction during a simulation took ${formatMillis(shown)}`,
            cause: 'the main thread while the worker reports progress',
          },
        ],
  };
}
