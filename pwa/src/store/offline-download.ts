import { COMPANY_BUNDLES_PAGE_MAX, companyBundlesAnswer } from '@fcf/engine/contract';
import type { CompanyBundle } from '@fcf/engine/report';
import { apiRequest } from '../api/http.ts';
import { loadCompanies } from './companies.ts';
import { writeBundles } from './db.ts';

export interface DownloadProgress {
  /** Companies stored so far. */
  readonly done: number;
  /** Companies with a report, in all pages (0 until the first page arrives). */
  readonly total: number;
  /** Bytes received so far, as sent (compressed). */
  readonly bytes: number;
}

/**
 * Companies per request: the server's largest page (~250 bundles are ~3.7 MB of JSON, ~0.4 MB compressed),
 * whose pages from the first one on are the ones it keeps, so every browser downloading shares them.
 */
const PAGE_SIZE = COMPANY_BUNDLES_PAGE_MAX;
/** A page has a minute: the first after a change of the data is built on the server while it waits. */
const PAGE_TIMEOUT_MS = 60_000;
const ATTEMPTS = 3;

interface Page {
  readonly bundles: CompanyBundle[];
  readonly next: string | null;
  readonly total: number;
  readonly bytes: number;
}

async function fetchPage(after: string): Promise<Page> {
  let bytes = 0;
  const query = `limit=${PAGE_SIZE}${after ? `&after=${after}` : ''}`;
  const answer = await apiRequest(`/api/data/company-bundles?${query}`, {
    schema: companyBundlesAnswer,
    timeoutMs: PAGE_TIMEOUT_MS,
    onHeaders: (headers) => {
      bytes = Number(headers.get('Content-Length')) || 0;
    },
  });
  return { ...answer.data, bytes };
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

/**
 * '离线下载全部': every company's report data (its bundle) for offline reading. The server sends the
 * bundles a page of 250 companies at a time, compressed; each page is written with one bulkPut (no
 * read-back) while the next one is already on its way. A page that fails is tried again; after three
 * failures the download stops with what it stored so far kept.
 */
export async function downloadAllCompanies(
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadProgress> {
  // The list too, so the companies can be searched offline.
  const list = loadCompanies(true);
  let progress: DownloadProgress = { done: 0, total: 0, bytes: 0 };
  onProgress(progress);
  let pending: Promise<Page> | null = fetchPageWithRetries('');
  while (pending) {
    const page: Page = await pending;
    pending = page.next === null ? null : fetchPageWithRetries(page.next);
    // A failure of the next page is seen when it is awaited, not as an unhandled rejection meanwhile.
    pending?.catch(() => undefined);
    await writeBundles(page.bundles);
    progress = { done: progress.done + page.bundles.length, total: page.total, bytes: progress.bytes + page.bytes };
    onProgress(progress);
  }
  await list;
  return progress;
}

/** Bytes this site stores, as the browser reports them. */
export async function storageUsage(): Promise<{ usage: number; quota: number } | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}
