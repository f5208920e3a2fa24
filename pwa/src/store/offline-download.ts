import * as Comlink from 'comlink';
import { ApiRequestError } from '../api/http.ts';
import type { BundlePagesApi } from '../worker/bundle-pages.worker.ts';
import { loadCompanies } from './companies.ts';
import { openStore } from './db.ts';
import { type DownloadProgress, downloadPages, type PageSource } from './page-pipeline.ts';
import { requestIndustries, requestPage } from './page-requests.ts';

/**
 * Workers checking and storing pages side by side: checking a page against the contract and writing it
 * (its structured clone) take about as long as the bare write, so one worker checks a page while the other
 * writes the one before.
 */
const WORKERS = 2;
/**
 * Pages in a worker's hands at once: a worker done with a page's own work waits some 50–80 ms for its
 * transaction to be written, and with one page in hand it sat idle that long; with two it checks the next page
 * meanwhile (two workers with a page each were idle about two fifths of the time; a third worker, on two cores,
 * did not help).
 */
const PAGES_PER_WORKER = 2;

export type { DownloadProgress } from './page-pipeline.ts';

/**
 * A page or the industries' answer the worker found not of the contract's shape, as the app's other answers
 * of that kind fail.
 */
function asRequestError(error: unknown): unknown {
  return error instanceof Error && error.name === 'PageFormatError'
    ? new ApiRequestError('format', '数据格式错误')
    : error;
}

function startWorkers(): { pages: Comlink.Remote<BundlePagesApi>[]; stop: () => void } {
  if (typeof Worker === 'undefined') throw new Error('此浏览器不支持 Web Worker，无法离线下载');
  const workers = Array.from(
    { length: WORKERS },
    () => new Worker(new URL('../worker/bundle-pages.worker.ts', import.meta.url), { type: 'module' }),
  );
  return {
    pages: workers.map((worker) => Comlink.wrap<BundlePagesApi>(worker)),
    stop: () => {
      for (const worker of workers) worker.terminate();
    },
  };
}

/**
 * Asks for the industries' answer and gives every worker its own copy once it arrives (a transfer empties the
 * bytes it sends, so each worker is sent a copy); rejects when it does not arrive or a worker finds it of the
 * wrong shape.
 */
async function giveIndustries(workers: readonly Comlink.Remote<BundlePagesApi>[]): Promise<void> {
  const bytes = await requestIndustries();
  await Promise.all(
    workers.map((worker) => {
      const copy = bytes.slice(0);
      return worker.giveIndustries(Comlink.transfer(copy, [copy]));
    }),
  );
}

/**
 * '离线下载全部': every company's report data (its bundle) for offline reading. The server sends the
 * bundles a page of 250 companies at a time, compressed, and every company's 行业对比 once apart (asked for
 * with the first page, given to each worker before it stores a page). Each page is checked against the
 * contract and written in one transaction in a worker (store/bundle-pages.ts), two workers side by side; the
 * next page is asked for as soon as a page's `Link` header names it (else once its cursor is read), up to
 * three pages ahead of the workers (store/page-pipeline.ts). A page (or the industries' answer) that fails to
 * arrive is tried again; after three failures, or on an answer of the wrong shape or a full disk, the
 * download stops, the pages under way are finished or given up whole, and what it stored so far is kept.
 */
export async function downloadAllCompanies(
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadProgress> {
  // The list too, so the companies can be searched offline: fetched again only when the device's copy is older
  // than the cache's lifetime (a first visit has just fetched it).
  const list = loadCompanies();
  // The page opens (and upgrades) the offline copy; the workers only write into it.
  if (!(await openStore())) throw new Error('浏览器存储不可用，无法离线保存');
  const workers = startWorkers();
  // A page goes to the worker with the fewest in hand: the one before may finish before the one before it.
  const inHand = workers.pages.map(() => 0);
  try {
    // Asked for alongside the first page, not waited for before it: each arrives while the other does. Every
    // page waits for it before it goes to its worker, so its failure fails the download as a page's does,
    // with nothing of any page written.
    const industriesGiven = giveIndustries(workers.pages);
    // A download that fails first by a page never hears this one's failure.
    industriesGiven.catch(() => undefined);
    const pages: PageSource = {
      slots: WORKERS * PAGES_PER_WORKER,
      request: requestPage,
      store: (page, onCursor) => {
        const free = inHand.indexOf(Math.min(...inHand));
        inHand[free] = (inHand[free] ?? 0) + 1;
        const worker = workers.pages[free] as Comlink.Remote<BundlePagesApi>;
        return industriesGiven
          .then(() => worker.storePage(Comlink.transfer(page.bytes, [page.bytes]), Comlink.proxy(onCursor)))
          .catch((error: unknown) => {
            throw asRequestError(error);
          })
          .finally(() => {
            inHand[free] = (inHand[free] ?? 1) - 1;
          });
      },
    };
    const progress = await downloadPages(pages, onProgress);
    await list;
    return progress;
  } finally {
    // Pages under way are stored whole or given up by then (downloadPages waits for them).
    workers.stop();
  }
}

/** Bytes this site stores, as the browser reports them. */
export async function storageUsage(): Promise<{ usage: number; quota: number } | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}
