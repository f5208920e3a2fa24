import { COMPANY_BUNDLES_PAGE_MAX, nextAfterOfLink } from '@fcf/engine/contract';
import { apiBytes } from '../api/http.ts';
import type { Page, PageRequest } from './page-pipeline.ts';

/** The requests of "离线下载全部" (store/offline-download.ts): its pages and the industries' answer. */

/**
 * Companies per request: the server's largest page (250 bundles are up to ~1.4 MB of JSON, up to ~0.5 MB
 * compressed), whose pages from the first one on are the ones it keeps, so every browser downloading shares
 * them.
 */
const PAGE_SIZE = COMPANY_BUNDLES_PAGE_MAX;
/**
 * A request has a minute: the first page after a change of the data may be built on the server while it
 * waits, and so may the industries' answer (every company's 行业对比 at once).
 */
const REQUEST_TIMEOUT_MS = 60_000;
const ATTEMPTS = 3;

/** `request` tried again up to ATTEMPTS times in all; the last failure is thrown. */
async function withRetries<T>(request: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

async function fetchPage(after: string, onLinkedNext: (next: string | null) => void): Promise<Page> {
  let size = 0;
  const query = `limit=${PAGE_SIZE}${after ? `&after=${after}` : ''}`;
  const bytes = await apiBytes(`/api/data/company-bundles?${query}`, {
    timeoutMs: REQUEST_TIMEOUT_MS,
    onHeaders: (headers) => {
      size = Number(headers.get('Content-Length')) || 0;
      onLinkedNext(nextAfterOfLink(headers.get('Link')));
    },
  });
  return { bytes, size: size || bytes.byteLength };
}

/** Asks for the page after `after` (tried again up to ATTEMPTS times); its `Link` is heard as it starts. */
export function requestPage(after: string): PageRequest {
  let heard: (next: string | null) => void = () => undefined;
  const linkedNext = new Promise<string | null>((resolve) => {
    heard = resolve;
  });
  const page = withRetries(() => fetchPage(after, heard));
  // A page that never arrives names no next page by its headers; the loop then stops on its failure.
  page.then(
    () => heard(null),
    () => heard(null),
  );
  return { linkedNext, page };
}

/**
 * Asks for every company's 行业对比 (`GET /api/data/company-bundles/industries`, tried again up to ATTEMPTS
 * times): its bytes as they came, checked against the contract in each worker.
 */
export function requestIndustries(): Promise<ArrayBuffer> {
  return withRetries(() => apiBytes('/api/data/company-bundles/industries', { timeoutMs: REQUEST_TIMEOUT_MS }));
}
