/** Section 6's reference for the offline download: a bare bulk put of the same rows into IndexedDB. */
import { bundleIndustriesAnswer, bundleOfPage, companyBundlesAnswer } from '@fcf/engine/contract';
import type { CompanyBundle } from '@fcf/engine/report';
import { DESKTOP } from '../../pwa/e2e/browser.ts';
import type { DevtoolsPipe } from './devtools-pipe.ts';

interface Row {
  readonly code: string;
  readonly bundle: CompanyBundle;
  readonly fetchedAt: number;
}

/**
 * Every page of GET /api/data/company-bundles as the rows the app stores: each bundle whole again from its
 * page and the industries' answer (the app's own `bundleOfPage`), read here and not timed.
 */
async function rowsOfEveryPage(baseURL: string): Promise<Row[][]> {
  const given = await fetch(`${baseURL}/api/data/company-bundles/industries`);
  const industries = bundleIndustriesAnswer.parse(await given.json()).data;
  const pages: Row[][] = [];
  for (let after = ''; ; ) {
    const response = await fetch(`${baseURL}/api/data/company-bundles?limit=250${after ? `&after=${after}` : ''}`);
    const { data } = companyBundlesAnswer.parse(await response.json());
    const fetchedAt = Date.now();
    pages.push(
      data.bundles.map((paged) => {
        const bundle = bundleOfPage(paged, data, industries);
        if (!bundle) throw new Error(`bundle ${paged.company.code} does not fit its page`);
        return { code: bundle.company.code, bundle, fetchedAt };
      }),
    );
    if (data.next === null) return pages;
    after = data.next;
  }
}

/**
 * The download's reference: the same rows (every page, fetched and put together first, not timed) put
 * into a fresh IndexedDB by a bare page, one readwrite transaction of `put`s per page into a store keyed apart
 * from its rows, each row under its code, as the app's worker does (store/db.ts); the time of the puts alone, ms.
 */
export async function measureBarePut(pipe: DevtoolsPipe, baseURL: string): Promise<{ millis: number; rows: number }> {
  const pages = await rowsOfEveryPage(baseURL);
  const tab = await pipe.open(DESKTOP);
  await tab.goto(`${baseURL}/api/data/health`);
  // Handed to the page one page of rows at a time (each a structured copy in the page's heap).
  await tab.evaluate(() => {
    (globalThis as { benchPages?: unknown[] }).benchPages = [];
  }, undefined);
  for (const rows of pages) {
    await tab.evaluate((rows) => {
      (globalThis as { benchPages?: unknown[] }).benchPages?.push(rows);
    }, rows);
  }
  const result = await tab.evaluate(async () => {
    const pages = (globalThis as { benchPages?: { code: string }[][] }).benchPages ?? [];
    const started = performance.now();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`fcf-bench-put-${Date.now()}`, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('bundles');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const rows of pages) {
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('bundles', 'readwrite');
        const store = transaction.objectStore('bundles');
        for (const row of rows) store.put(row, row.code);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
    }
    const millis = performance.now() - started;
    db.close();
    return { millis, rows: pages.reduce((sum, rows) => sum + rows.length, 0) };
  }, undefined);
  await tab.close();
  return result;
}
