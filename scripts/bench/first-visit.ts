/**
 * Section 9: a first visit on a phone. Lighthouse 12's mobile audit (simulated slow 4G, 4× slower CPU) of
 * the report of a sample company on a freshly started server, and the long tasks a Chromium run with a
 * 4× CPU throttle (DevTools protocol) counts between navigation and the first section showing its data.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { MOBILE, newPage } from '../../pwa/e2e/browser.ts';
import { COMPANY } from './browser.ts';
import { progress } from './stats.ts';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const FIRST_VISIT_PATH = `/?company=${encodeURIComponent(COMPANY)}`;

export interface LighthouseRun {
  /** Category scores, 0–100. */
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  /** Simulated metrics, ms (CLS unitless). */
  readonly tbt: number;
  readonly lcp: number;
  readonly fcp: number;
  readonly speedIndex: number;
  readonly cls: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  readonly benchmarkIndex: number;
  /** The 1-minute load average when the run started. */
  readonly load: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** A Lighthouse run whose trace it could not read (NO_NAVSTART on a loaded machine) is made again, this often. */
const LIGHTHOUSE_ATTEMPTS = 3;

/** One Lighthouse mobile run (its default settings) in Debian's Chromium, launched for it alone. */
export async function runLighthouse(url: string, load: number, attempt = 1): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < LIGHTHOUSE_ATTEMPTS) {
      chrome.kill();
      return runLighthouse(url, load, attempt + 1);
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      bestPractices: score(lhr.categories['best-practices']?.score),
      seo: score(lhr.categories.seo?.score),
      tbt: metric('total-blocking-time'),
      lcp: metric('largest-contentful-paint'),
      fcp: metric('first-contentful-paint'),
      speedIndex: metric('speed-index'),
      cls: metric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      load,
    };
  } finally {
    chrome.kill();
  }
}

export interface LongTaskRun {
  /** Navigation start → the first section of the report shows its data, ms (throttled). */
  readonly usableMillis: number;
  /** Tasks over 50 ms before that moment, their summed excess over 50 ms, and the longest, ms. */
  readonly count: number;
  readonly blockingMillis: number;
  readonly longestMillis: number;
}

declare global {
  interface Window {
    fcfBenchLongTasks?: { start: number; duration: number }[];
  }
}

/** Records every long task of the page (Long Tasks API) from before its first script. */
function longTaskInstrument(): void {
  window.fcfBenchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        window.fcfBenchLongTasks?.push({ start: entry.startTime, duration: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API in this browser
  }
}

/**
 * A fresh phone-sized context (no cache, no service worker, no IndexedDB) with the CPU 4× slower: the long
 * tasks between navigation and the first section being usable (the first report section no longer busy).
 */
export async function measureLongTasks(browser: Browser, baseURL: string, runs: number): Promise<LongTaskRun[]> {
  const results: LongTaskRun[] = [];
  for (let run = 0; run < runs; run++) {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await context.addInitScript(longTaskInstrument);
    const session = await context.newCDPSession(page);
    await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(FIRST_VISIT_PATH);
    await page.waitForFunction(
      () => document.querySelector('.report-module')?.getAttribute('aria-busy') === 'false',
      null,
      { timeout: 120_000, polling: 100 },
    );
    const usableMillis = await page.evaluate(() => performance.now());
    // The task that made the section usable ends after the check above: let its entry be reported.
    await page.waitForTimeout(200);
    const tasks = (await page.evaluate(() => window.fcfBenchLongTasks ?? [])).filter(
      (task) => task.start < usableMillis,
    );
    results.push({
      usableMillis,
      count: tasks.length,
      blockingMillis: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      longestMillis: Math.max(0, ...tasks.map((task) => task.duration)),
    });
    progress(
      `9. long tasks, run ${run + 1}: ${tasks.length} over 50 ms before the first section at ${usableMillis.toFixed(0)} ms`,
    );
    await context.close();
  }
  return results;
}
