/** Section 6 in Chromium on the built app: "离线下载全部" of the whole market into a fresh IndexedDB. */
import type { Browser, Page } from 'playwright-core';
import { countStored, newPage } from '../../pwa/e2e/browser.ts';
import { QUIET_MS } from '../../pwa/src/lib/after-first-screen.ts';

export interface OfflineDownloadFigures {
  /** Click on "离线下载全部" → `offline-download-done` shown, ms (in the page). */
  readonly millis: number;
  /** `data-companies` of the done marker, and what the bundles store holds afterwards. */
  readonly companies: number;
  readonly storedBundles: number;
  readonly requests: number;
  /** Response bodies of the bundle pages as sent (encoded) and decoded, from Resource Timing. */
  readonly encodedBytes: number;
  readonly decodedBytes: number;
  /** Time the page spent waiting for the bundle pages (request start → response end, summed). */
  readonly transferMillis: number;
  /** When the click came (`performance.now()` of this process), to tell how long after a write it was. */
  readonly clickedAt: number;
}

/**
 * Waits until a first visit's page has done what it defers (lib/after-first-screen.ts: the service worker's
 * install and precache, the market's quotes, the company list), which starts after QUIET_MS of quiet or at
 * the first tap: no request for 1.5 s after that, so a click measures its own work and not theirs.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(QUIET_MS);
  const requests = () => page.evaluate(() => performance.getEntriesByType('resource').length);
  for (let seen = -1, now = await requests(); now !== seen; seen = now, now = await requests()) {
    await page.waitForTimeout(1500);
  }
}

/**
 * The app's "离线下载全部" in a fresh browser context (empty IndexedDB), driven by its test hooks, once the
 * page has settled (a reader who opens the site and then decides to keep every company).
 */
export async function measureOfflineDownload(
  browser: Browser,
  baseURL: string,
  beforeClick: () => Promise<void> = async () => {},
): Promise<OfflineDownloadFigures> {
  const { context, page } = await newPage(browser, baseURL);
  await page.goto('/');
  const button = page.getByTestId('offline-download-all');
  await button.waitFor({ timeout: 30_000 });
  await settled(page);
  await page.evaluate(() => {
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
  });
  await beforeClick();
  const started = await page.evaluate(() => performance.now());
  const clickedAt = performance.now();
  await button.click();
  const done = page.getByTestId('offline-download-done');
  await done.waitFor({ timeout: 300_000 });
  const finished = await page.evaluate(() => performance.now());
  const companies = Number(await done.getAttribute('data-companies'));
  const storedBundles = await countStored(page, 'bundles');
  const figures = await page.evaluate(() => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
      entry.name.includes('/api/data/company-bundles'),
    );
    return {
      requests: entries.length,
      encodedBytes: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      decodedBytes: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      transferMillis: entries.reduce((sum, entry) => sum + (entry.responseEnd - entry.startTime), 0),
    };
  });
  await context.close();
  return { millis: finished - started, companies, storedBundles, clickedAt, ...figures };
}
