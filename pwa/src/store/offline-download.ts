import { COMPANY_BUNDLES_PAGE_MAX, nextAfterOfLink } from '@fcf/engine/contract';
import * as Comlink from 'comlink';
import { ApiRequestError, apiBytes } from '../api/http.ts';
import type { BundlePagesApi } from '../worker/bundle-pages.worker.ts';
import { loadCompanies } from './companies.ts';
import { openStore } from './db.ts';
import { type DownloadProgress, downloadPages, type Page, type PageRequest, type PageSource } from './page-pipeline.ts';

/**
 * Companies per request: the server's largest page (250 bundles are up to ~1.4 MB of JSON, up to ~0.5 MB
 * compressed), whose pages from the first one on are the ones it keeps, so every browser downloading shares
 * them.
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

export type { DownloadProgress } from './page-pipeline.ts';

async function fetchPage(after: string, onLinkedNext: (next: string | null) => void): Promise<Page> {
  let size = 0;
  const query = `limit=${PAGE_SIZE}${after ? `&after=${after}` : ''}`;
  const bytes = await apiBytes(`/api/data/company-bundles?${query}`, {
    timeoutMs: PAGE_TIMEOUT_MS,
    onHeaders: (headers) => {
      size = Number(headers.get('Content-Length')) || 0;
      onLinkedNext(nextAfterOfLink(headers.get('Link')));
    },
  });
  return { bytes, size: size || bytes.byteLength };
}

/** Asks for the page after `after` (tried again up to ATTEMPTS times); its `Link` is heard as it starts. */
function requestPage(after: string): PageRequest {
  let heard: (next: string | null) => void = () => undefined;
  const linkedNext = new Promise<string | null>((resolve) => {
    heard = resolve;
  });
  const page = (async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetchPage(after, heard);
      } catch (error) {
        if (attempt >= ATTEMPTS) throw error;
      }
    }
  })();
  // A page that never arrives names no next page by its headers; the loop then stops on its failure.
  page.then(
    () => heard(null),
    () => heard(null),
  );
  return { linkedNext, page };
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
 * is asked for as soon as a page's `Link` header names it (else once its cursor is read), up to three pages
 * ahead of the workers (store/page-pipeline.ts). A page that fails to arrive is tried again; after three
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
  // A page goes to a worker that is free: the one before may finish before the one before it.
  const busy = workers.pages.map(() => false);
  try {
    const pages: PageSource = {
      slots: WORKERS,
      request: requestPage,
      store: (page, onCursor) => {
        const free = Math.max(0, busy.indexOf(false));
        busy[free] = true;
        const worker = workers.pages[free] as Comlink.Remote<BundlePagesApi>;
        return worker
          .storePage(Comlink.transfer(page.bytes, [page.bytes]), Comlink.proxy(onCursor))
          .catch((error: unknown) => {
            throw asRequestError(error);
          })
          .finally(() => {
            busy[free] = false;
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
