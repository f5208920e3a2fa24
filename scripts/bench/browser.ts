/**
 * Sections 2, 3 and 6 in Chromium on the built app: edit to screen on the custom valuation page, report
 * open offline from IndexedDB, first online load (LCP), and the sync pull into a fresh IndexedDB.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { newPage, waitForServiceWorker } from '../../pwa/e2e/browser.ts';
import { REPO_ROOT } from './processes.ts';
import { median, percentile, progress } from './stats.ts';
import type { PullFigures } from './sync-page.ts';

export const COMPANY = '美的集团';
const MODULES = ['roe-roic', 'profitability', 'fcf-structure', 'fcf-ratio', 'fcf-valuation'] as const;
const REPORT_PATH = `/?company=${encodeURIComponent(COMPANY)}`;
/** The offline open's reference: the same shell and service worker, the app's smallest page. */
export const REFERENCE_PATH = '/login';
const CUSTOM_PATH = `/valuation-custom?company=${encodeURIComponent(COMPANY)}`;

export const EDITS = 50;
const WARMUP_EDITS = 5;
export const REPORT_OPENS = 20;
export const FIRST_LOADS = 5;
export const SERVER_ROUND_TRIPS = 50;
export const SPEC_DEBOUNCE_MS = 1200;

// ---------------------------------------------------------------------------------------------------------
// In-page instruments (added before any script of the page runs)

declare global {
  interface Window {
    fcfBenchPainted?: { data: number; ready: number; painted: number; charts: number };
    fcfBenchLcp?: { startTime: number; size: number; element: string }[];
  }
}

/**
 * Marks when the report shows all five modules with their data (not busy, the DCF figure written, every
 * chart on screen drawn: charts off screen are built when they come near) and, one frame later, painted (a task queued from requestAnimationFrame runs after the
 * frame). Also records Largest Contentful Paint entries.
 */
function reportInstruments(modules: readonly string[]): void {
  window.fcfBenchLcp = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { size: number; element: Element | null })[]) {
        const element = entry.element;
        window.fcfBenchLcp?.push({
          startTime: entry.startTime,
          size: entry.size,
          element: element
            ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''}`
            : '?',
        });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    // no LCP in this browser
  }
  // The reference of an offline open: the app's shell and its smallest page, the login form.
  if (location.pathname === '/login') {
    const login = new MutationObserver(() => {
      if (!document.querySelector('input[name="username"]')) return;
      login.disconnect();
      const shown = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          window.fcfBenchPainted = { data: shown, ready: shown, painted: performance.now(), charts: 0 };
        }),
      );
    });
    login.observe(document, { childList: true, subtree: true });
    return;
  }
  if (location.pathname !== '/' || !location.search.includes('company=')) return;
  let data = 0;
  /** The charts on screen when the data was shown: the page builds a chart when it comes near. */
  let inView: Element[] = [];
  const dataShown = () => {
    for (const path of modules) {
      const section = document.querySelector(`[data-testid="report-module-${path}"]`);
      if (section?.getAttribute('aria-busy') !== 'false') return false;
    }
    const figure = document.querySelector('[data-testid="dcf-value-per-share"]');
    return !!figure?.textContent;
  };
  const complete = () => {
    if (!data) {
      if (!dataShown()) return false;
      data = performance.now();
      inView = [...document.querySelectorAll('.report-module .chart__canvas')].filter((chart) => {
        const box = chart.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight;
      });
    }
    return inView.every((chart) => chart.querySelector('canvas'));
  };
  const observer = new MutationObserver(() => {
    if (!complete()) return;
    observer.disconnect();
    const ready = performance.now();
    requestAnimationFrame(() =>
      setTimeout(() => {
        window.fcfBenchPainted = { data, ready, painted: performance.now(), charts: inView.length };
      }),
    );
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}

async function instrumentedPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseURL);
  // tsx compiles with esbuild's keepNames: a serialised function calls its `__name` helper.
  await opened.context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await opened.context.addInitScript(reportInstruments, MODULES);
  return opened;
}

interface Painted {
  /** Every module shows its data (charts not yet drawn), ms from navigation start. */
  readonly data: number;
  /** …and every chart on screen is drawn. */
  readonly ready: number;
  /** …and that frame is painted. */
  readonly painted: number;
  /** How many charts were on screen (and drawn). */
  readonly charts: number;
}

async function waitForPainted(page: Page): Promise<Painted> {
  await page.waitForFunction(() => window.fcfBenchPainted !== undefined, null, { timeout: 30_000, polling: 50 });
  return page.evaluate(() => window.fcfBenchPainted as Painted);
}

// ---------------------------------------------------------------------------------------------------------
// Section 2: edit to screen

export interface EditFigures {
  /** `custom-edit-to-screen` measures: commit → the new value per share in the DOM, ms. */
  readonly editMillis: readonly number[];
  /** The product's original flow (docs/requirements.md#custom-valuation): POST /api/user/calculate-with-valuation/{company} round trips, ms. */
  readonly serverRoundTripMillis: readonly number[];
  readonly distinctFigures: number;
}

export async function measureEditToScreen(browser: Browser, baseURL: string): Promise<EditFigures> {
  progress(`2. edit to screen: ${EDITS} WACC commits on the custom valuation page`);
  const { context, page } = await newPage(browser, baseURL);
  await page.goto(CUSTOM_PATH);
  const input = page.getByTestId('param-wacc');
  await input.waitFor({ timeout: 30_000 });
  await page.getByTestId('custom-value-per-share').waitFor({ timeout: 30_000 });
  const figures = new Set<string>();
  const commit = async (percent: number) => {
    const before = await page.getByTestId('custom-value-per-share').textContent();
    const measures = await page.evaluate(() => performance.getEntriesByName('custom-edit-to-screen').length);
    await input.fill(percent.toFixed(2));
    await input.press('Enter');
    await page.waitForFunction(
      ([count, previous]) =>
        performance.getEntriesByName('custom-edit-to-screen').length > (count as number) &&
        document.querySelector('[data-testid="custom-value-per-share"]')?.textContent !== previous,
      [measures, before] as const,
      { timeout: 10_000, polling: 'raf' },
    );
    figures.add((await page.getByTestId('custom-value-per-share').textContent()) ?? '');
  };
  for (let index = 0; index < WARMUP_EDITS; index++) await commit(10 - index * 0.1);
  await page.evaluate(() => performance.clearMeasures('custom-edit-to-screen'));
  for (let index = 0; index < EDITS; index++) await commit(8 + index * 0.04);
  const editMillis = await page.evaluate(() =>
    performance.getEntriesByName('custom-edit-to-screen').map((entry) => entry.duration),
  );

  progress(`2. reference: ${SERVER_ROUND_TRIPS} server round trips of the what-if endpoint`);
  const serverRoundTripMillis = await page.evaluate(
    async ({ company, count }) => {
      const times: number[] = [];
      for (let index = 0; index < count; index++) {
        const start = performance.now();
        const response = await fetch(`/api/user/calculate-with-valuation/${encodeURIComponent(company)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ wacc_manual: 0.08 + index * 0.0004 }),
        });
        await response.json();
        times.push(performance.now() - start);
      }
      return times;
    },
    { company: COMPANY, count: SERVER_ROUND_TRIPS },
  );
  await context.close();
  return { editMillis, serverRoundTripMillis, distinctFigures: figures.size };
}

// ---------------------------------------------------------------------------------------------------------
// Section 3: report open offline, first online load

export interface ReportOpenFigures {
  /** Navigation start → all five modules painted, offline, ms. */
  readonly offlinePaintedMillis: readonly number[];
  /** Navigation start → all data in the DOM (before the paint), offline, ms. */
  readonly offlineReadyMillis: readonly number[];
  readonly offlineDomContentLoadedMillis: readonly number[];
  /** Navigation start → every module shows its data, before the charts are drawn, offline, ms. */
  readonly offlineDataMillis: readonly number[];
  /** First online load of an empty profile. */
  readonly firstLoadLcpMillis: readonly number[];
  readonly firstLoadPaintedMillis: readonly number[];
  readonly lcpElement: string;
  /** Scripts the report route loaded on its first online load (paths without the leading slash). */
  readonly loadedScripts: readonly string[];
  /** The reference, offline, in turns with the report: navigation start → the login page painted, ms. */
  readonly referencePaintedMillis: readonly number[];
  /** Charts on screen at the report's open (each drawn before "painted"). */
  readonly chartsInView: number;
}

export async function measureReportOpen(browser: Browser, baseURL: string): Promise<ReportOpenFigures> {
  progress(`3. first online load of an empty profile (${FIRST_LOADS} fresh contexts): LCP`);
  const firstLoadLcpMillis: number[] = [];
  const firstLoadPaintedMillis: number[] = [];
  let lcpElement = '?';
  let loadedScripts: string[] = [];
  for (let run = 0; run < FIRST_LOADS; run++) {
    const { context, page } = await instrumentedPage(browser, baseURL);
    await page.goto(REPORT_PATH);
    const painted = await waitForPainted(page);
    // LCP entries stop at the first input; wait a little for late candidates, then read the last.
    await page.waitForTimeout(500);
    const entries = await page.evaluate(() => window.fcfBenchLcp ?? []);
    const last = entries[entries.length - 1];
    if (last) {
      firstLoadLcpMillis.push(last.startTime);
      lcpElement = last.element;
    }
    firstLoadPaintedMillis.push(painted.painted);
    if (run === 0) {
      loadedScripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname.slice(1))
          .filter((path) => /\.m?js$/.test(path)),
      );
    }
    await context.close();
  }

  progress(`3. report open offline from IndexedDB (${REPORT_OPENS} navigations)`);
  const { context, page } = await instrumentedPage(browser, baseURL);
  await page.goto(REPORT_PATH);
  await waitForPainted(page);
  await waitForServiceWorker(page);
  // The bundle is written to IndexedDB after the report is shown: reload once online so it is read back.
  await page.reload();
  await waitForPainted(page);
  await context.setOffline(true);
  const offlinePaintedMillis: number[] = [];
  const offlineReadyMillis: number[] = [];
  const offlineDomContentLoadedMillis: number[] = [];
  const offlineDataMillis: number[] = [];
  const referencePaintedMillis: number[] = [];
  let chartsInView = 0;
  for (let run = 0; run < REPORT_OPENS + 1; run++) {
    // In turns with the report: the reference sees the same moments of the shared machine.
    await page.goto(REFERENCE_PATH);
    const reference = await waitForPainted(page);
    await page.goto(REPORT_PATH);
    const painted = await waitForPainted(page);
    chartsInView = painted.charts;
    const offline = await page.evaluate(() => !navigator.onLine);
    if (!offline) throw new Error('the page was not offline');
    const domContentLoaded = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
    );
    // The first offline navigation only warms the service worker's cache lookups.
    if (run === 0) continue;
    referencePaintedMillis.push(reference.painted);
    offlinePaintedMillis.push(painted.painted);
    offlineReadyMillis.push(painted.ready);
    offlineDataMillis.push(painted.data);
    offlineDomContentLoadedMillis.push(domContentLoaded);
  }
  await context.setOffline(false);
  await context.close();
  return {
    offlinePaintedMillis,
    offlineReadyMillis,
    offlineDomContentLoadedMillis,
    offlineDataMillis,
    firstLoadLcpMillis,
    firstLoadPaintedMillis,
    lcpElement,
    loadedScripts,
    referencePaintedMillis,
    chartsInView,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Section 6: sync pulls into IndexedDB (the offline download: offline-download.ts)

/** The app's sync client bundled for a page (IIFE), built once per run. */
export async function syncPageScript(): Promise<string> {
  const output = await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: join(REPO_ROOT, 'scripts', 'bench', 'sync-page.ts'), formats: ['iife'], name: 'fcfBenchSyncPage' },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  for (const result of results) {
    if ('output' in result) {
      const chunk = result.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
  }
  throw new Error('vite produced no sync page bundle');
}

export interface SyncSession {
  pull(pageSize: number): Promise<PullFigures>;
  startAt(cursor: number): Promise<void>;
  close(): Promise<void>;
}

/** A page at the server's origin (no app, no service worker) with the sync client loaded. */
export async function openSyncSession(browser: Browser, baseURL: string, script: string): Promise<SyncSession> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/api/data/health');
  await page.evaluate(script);
  await page.evaluate(() => window.fcfBenchSync.reset());
  return {
    pull: (pageSize) => page.evaluate((size) => window.fcfBenchSync.pull(size), pageSize),
    startAt: (cursor) => page.evaluate((at) => window.fcfBenchSync.startAt(at), cursor),
    close: () => context.close(),
  };
}

export function summary(values: readonly number[]): { p50: number; p95: number } {
  return { p50: median(values), p95: percentile(values, 0.95) };
}
