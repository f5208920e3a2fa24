/** Section 6 in Chromium on the built app: "离线下载全部" of the whole market into a fresh IndexedDB. */
import { countInPage, DESKTOP } from '../../pwa/e2e/browser.ts';
import { QUIET_MS } from '../../pwa/src/lib/after-first-screen.ts';
import { BUNDLES_TABLE } from '../../pwa/src/store/bundle-rows.ts';
import { measureBarePut } from './bare-put.ts';
import { DevtoolsPipe, type PipeTab } from './devtools-pipe.ts';
import { changeOneRow } from './ingest.ts';
import { progress } from './stats.ts';

export interface OfflineDownloadFigures {
  /** Click on "离线下载全部" (as the button hears it) → `offline-download-done` in the document, ms (in the page). */
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

/** A phone's network, emulated through the debugger protocol (Chromium's network throttling). */
export interface EmulatedNetwork {
  readonly latencyMs: number;
  readonly megabitsPerSecond: number;
}

/** A 4G phone on a good day: 150 ms of latency, 20 Mbit/s down. */
export const PHONE_NETWORK: EmulatedNetwork = { latencyMs: 150, megabitsPerSecond: 20 };

/** The phone's network on `tab`, through the protocol's Network domain (Chromium's network throttling). */
async function emulate(tab: PipeTab, network: EmulatedNetwork): Promise<void> {
  await tab.send('Network.enable');
  const bytesPerSecond = (network.megabitsPerSecond * 1_000_000) / 8;
  await tab.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: network.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond / 4,
  });
}

/**
 * The phone-network figure's reference: the same pages fetched one after another under the same emulated
 * network, each body read whole and nothing done with it (each next page named by the page's `Link`), ms.
 */
export async function measureBareTransfer(pipe: DevtoolsPipe, baseURL: string, network: EmulatedNetwork) {
  const tab = await pipe.open(DESKTOP);
  await tab.goto(`${baseURL}/api/data/health`);
  await emulate(tab, network);
  const millis = await tab.evaluate(async () => {
    const started = performance.now();
    for (let path: string | null = '/api/data/company-bundles?limit=250'; path !== null; ) {
      const response: Response = await fetch(path);
      await response.arrayBuffer();
      path = response.headers.get('Link')?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
    }
    return performance.now() - started;
  }, undefined);
  await tab.close();
  return millis;
}

/**
 * Waits until a first visit's page has done what it defers (lib/after-first-screen.ts: the service worker's
 * install and precache, the market's quotes, the company list), which starts after QUIET_MS of quiet or at
 * the first tap: no request for 1.5 s after that, so a click measures its own work and not theirs.
 */
async function settled(tab: PipeTab): Promise<void> {
  await tab.evaluate(() => navigator.serviceWorker.ready.then(() => true), undefined);
  await tab.wait(QUIET_MS);
  const requests = () => tab.evaluate(() => performance.getEntriesByType('resource').length, undefined);
  for (let seen = -1, now = await requests(); now !== seen; seen = now, now = await requests()) {
    await tab.wait(1500);
  }
}

const BUTTON = '[data-testid="offline-download-all"]';
const DONE = '[data-testid="offline-download-done"]';

/**
 * The app's "离线下载全部" in a fresh browser context (empty IndexedDB), clicked once the page has settled (a
 * reader who opens the site and then decides to keep every company), over the protocol's pipe
 * (bench/devtools-pipe.ts).
 */
export async function measureOfflineDownload(
  pipe: DevtoolsPipe,
  baseURL: string,
  beforeClick: () => Promise<void> = async () => {},
  network?: EmulatedNetwork,
): Promise<OfflineDownloadFigures> {
  const tab = await pipe.open(DESKTOP);
  await tab.goto(`${baseURL}/`);
  await tab.waitFor(BUTTON, 30_000);
  await settled(tab);
  if (network) await emulate(tab, network);
  // The click and the done marker are timed in the page (the click as the button hears it, the marker as it
  // enters the document), so the driver's own round trips to the browser are not counted.
  await tab.evaluate(
    ({ button, done }) => {
      performance.setResourceTimingBufferSize(100_000);
      performance.clearResourceTimings();
      const marks: { clicked?: number; done?: number } = {};
      (window as unknown as { downloadMarks: typeof marks }).downloadMarks = marks;
      document.querySelector(button)?.addEventListener(
        'click',
        () => {
          marks.clicked = performance.now();
        },
        { capture: true, once: true },
      );
      const observer = new MutationObserver(() => {
        if (!document.querySelector(done)) return;
        marks.done = performance.now();
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    },
    { button: BUTTON, done: DONE },
  );
  await beforeClick();
  const clickedAt = performance.now();
  await tab.click(BUTTON);
  await tab.waitFor(DONE, 300_000);
  const figures = await tab.evaluate(
    ({ done }) => {
      const marks = (window as unknown as { downloadMarks: { clicked?: number; done?: number } }).downloadMarks;
      if (marks.clicked === undefined || marks.done === undefined)
        throw new Error('the click or the done marker went unseen');
      const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
        entry.name.includes('/api/data/company-bundles'),
      );
      return {
        millis: marks.done - marks.clicked,
        companies: Number(document.querySelector(done)?.getAttribute('data-companies')),
        requests: entries.length,
        encodedBytes: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
        decodedBytes: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
        transferMillis: entries.reduce((sum, entry) => sum + (entry.responseEnd - entry.startTime), 0),
      };
    },
    { done: DONE },
  );
  const storedBundles = await tab.evaluate(countInPage, BUNDLES_TABLE);
  await tab.close();
  return { ...figures, storedBundles, clickedAt };
}

/** The offline download's turns: after the batch valuation, from the server's kept pages, right after an edit. */
const DOWNLOAD_TURNS = 3;

/**
 * Section 6's download figures. Each turn: the app's download into a fresh profile, then the bare bulk put of
 * the same rows. The first follows section 5's batch valuation; the last clicks right after an admin's edit,
 * so its pages are not built yet (the server builds them again once the data is quiet, and the click does not
 * wait). Then one more download from the kept pages on an emulated phone network, and its pages' bare transfer.
 */
export async function measureDownloadTurns(baseURL: string, token: string) {
  const pipe = DevtoolsPipe.launch();
  try {
    return await downloadTurns(pipe, baseURL, token);
  } finally {
    await pipe.close();
  }
}

async function downloadTurns(pipe: DevtoolsPipe, baseURL: string, token: string) {
  const downloads: OfflineDownloadFigures[] = [];
  const barePutMillis: number[] = [];
  for (let turn = 0; turn < DOWNLOAD_TURNS; turn++) {
    const afterEdit = turn === DOWNLOAD_TURNS - 1;
    progress(
      `6. offline download of the whole market (离线下载全部) into a fresh IndexedDB, turn ${turn + 1}${afterEdit ? ', right after an edit' : ''}`,
    );
    const done = await measureOfflineDownload(pipe, baseURL, async () => {
      if (afterEdit) await changeOneRow(baseURL, token, '000333', 0.084);
    });
    downloads.push(done);
    const put = await measureBarePut(pipe, baseURL);
    barePutMillis.push(put.millis);
    progress(
      `6. ${done.companies} companies in ${(done.millis / 1000).toFixed(1)} s; bare put of ${put.rows} rows ${(put.millis / 1000).toFixed(1)} s`,
    );
  }
  progress('6. offline download on an emulated phone network, and the bare transfer of its pages');
  const download = await measureOfflineDownload(pipe, baseURL, async () => {}, PHONE_NETWORK);
  const transferMillis = await measureBareTransfer(pipe, baseURL, PHONE_NETWORK);
  return { downloads, barePutMillis, phone: { network: PHONE_NETWORK, download, transferMillis } };
}
