import { COMPANY_BUNDLES_PAGE_MAX } from '@fcf/engine/contract';
import * as Comlink from 'comlink';
import { ApiRequestError, apiBytes } from '../api/http.ts';
import type { BundlePagesApi } from '../worker/bundle-pages.worker.ts';
import type { PageCursor } from './bundle-pages.ts';
import { loadCompanies } from './companies.ts';
import { openStore } from './db.ts';

export interface DownloadProgress {
  /** Companies stored so far. */
  readonly done: number;
  /** Companies with a report, in all pages (0 until the first page arrives). */
  readonly total: number;
  /** Bytes received so far, as sent (compressed). */
  readonly bytes: number;
}

/**
 * Companies per request: the server's largest page (~250 bundles are ~4 MB of JSON, ~0.5 MB compressed),
 * whose pages from the first one on are the ones it keeps, so every browser downloading shares them.
 */
const PAGE_SIZE = COMPANY_BUNDLES_PAGE_MAX;
/** A page has a minute: the first after a change of the data may be built on the server while it waits. */
const PAGE_TIMEOUT_MS = 60_000;
const ATTEMPTS = 3;
/**
 * Workers checking and storing pages side by side: checking a page against the contract and writing it
 * (its structured clone) take about as long as the bare write, so one worker checks a page while the other
 * writes the one before.
 */
const WORKERS = 2;

interface Page {
  readonly bytes: ArrayBuffer;
  /** As sent (compressed), for the progress. */
  readonly size: number;
}

async function fetchPage(after: string): Promise<Page> {
  let size = 0;
  const query = `limit=${PAGE_SIZE}${after ? `&after=${after}` : ''}`;
  const bytes = await apiBytes(`/api/data/company-bundles?${query}`, {
    timeoutMs: PAGE_TIMEOUT_MS,
    onHeaders: (headers) => {
      size = Number(headers.get('Content-Length')) || 0;
    },
  });
  return { bytes, size: size || bytes.byteLength };
}

async function fetchPageWithRetries(after: string): Promise<Page> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchPage(after);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

/** A page the worker found not of the contract's shape, as the app's other answers of that kind fail. */
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
 * '离线下载全部': every company's report data (its bundle) for offline reading. The server sends the
 * bundles a page of 250 companies at a time, compressed. Each page is checked against the contract and
 * written in one transaction in a worker (store/bundle-pages.ts), two workers side by side; the next page
 * is asked for as soon as a page's cursor is read. A page that fails to arrive is tried again; after three
 * failures, or on a page of the wrong shape or a full disk, the download stops, the pages under way are
 * finished or given up whole, and what it stored so far is kept.
 */
export async function downloadAllCompanies(
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadProgress> {
  // The list too, so the companies can be searched offline.
  const list = loadCompanies(true);
  // The page opens (and upgrades) the offline copy; the workers only write into it.
  if (!(await openStore())) throw new Error('浏览器存储不可用，无法离线保存');
  const workers = startWorkers();
  let progress: DownloadProgress = { done: 0, total: 0, bytes: 0 };
  onProgress(progress);
  const storing = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  try {
    let after: string | null = '';
    for (let index = 0; after !== null && failure === null; index++) {
      const page = await fetchPageWithRetries(after);
      while (storing.size >= WORKERS) await Promise.race(storing);
      if (failure !== null) break;
      let heard: (cursor: PageCursor) => void = () => undefined;
      const cursor = new Promise<PageCursor>((resolve) => {
        heard = resolve;
      });
      const worker = workers.pages[index % workers.pages.length] as Comlink.Remote<BundlePagesApi>;
      const stored = worker.storePage(Comlink.transfer(page.bytes, [page.bytes]), Comlink.proxy(heard));
      const finished = stored.then(
        (count) => {
          progress = { ...progress, done: progress.done + count, bytes: progress.bytes + page.size };
          onProgress(progress);
        },
        (error: unknown) => {
          failure ??= { error: asRequestError(error) };
        },
      );
      storing.add(finished);
      finished.then(() => storing.delete(finished));
      // The cursor comes before the page is stored; a page that fails before it names no next page.
      const next = await Promise.race([cursor, stored.then(() => cursor)]).catch(() => null);
      if (next === null) break;
      progress = { ...progress, total: next.total };
      after = next.next;
    }
  } catch (error) {
    failure ??= { error };
  } finally {
    // Pages under way are stored whole or not at all; none is left writing after the download answers.
    await Promise.all(storing);
    workers.stop();
  }
  if (failure !== null) throw failure.error;
  await list;
  return progress;
}

/** Bytes this site stores, as the browser reports them. */
export async function storageUsage(): Promise<{ usage: number; quota: number } | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}
