/** Section 6's reference for the offline download: a bare bulk put of the same rows into IndexedDB. */
import type { Browser } from 'playwright-core';

/**
 * The download's reference: the same rows (every page of GET /api/data/company-bundles, fetched first and
 * not timed, each bundle whole again as the app stores it) put into a fresh IndexedDB by a bare page, one
 * readwrite transaction of `put`s per page, as the app's `bulkPut` does; the time of the puts alone, ms.
 */
export async function measureBarePut(browser: Browser, baseURL: string): Promise<{ millis: number; rows: number }> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/api/data/health');
  const result = await page.evaluate(async () => {
    const pages: { code: string }[][] = [];
    for (let after = ''; ; ) {
      const response = await fetch(`/api/data/company-bundles?limit=250${after ? `&after=${after}` : ''}`);
      type Comparison = { industry: string };
      type Reports = Record<string, number[]>;
      type Statements = { years: Reports; interims?: Reports };
      const body = (await response.json()) as {
        data: {
          bundles: { company: { code: string }; statements: Statements; industry_comparison?: Comparison | null }[];
          industry_tops: Record<string, unknown>;
          statement_items: string[];
          next: string | null;
        };
      };
      // The rows the app stores: each bundle whole again, its industry's list from the page's industry_tops
      // and its figures by item name from the page's statement_items (the app's bundleOfPage).
      const { industry_tops: tops, statement_items: items } = body.data;
      pages.push(
        body.data.bundles.map((bundle) => {
          const comparison = bundle.industry_comparison;
          // No helper function: tsx names functions with a helper the page does not have.
          const statements: Record<string, unknown> = { ...bundle.statements };
          for (const part of ['years', 'interims'] as const) {
            const reports = bundle.statements[part];
            if (!reports) continue;
            const whole: Record<string, Record<string, number>> = {};
            for (const [key, figures] of Object.entries(reports)) {
              const year: Record<string, number> = {};
              for (let at = 0; at < figures.length; at += 2) year[items[figures[at] ?? 0] ?? ''] = figures[at + 1] ?? 0;
              whole[key] = year;
            }
            statements[part] = whole;
          }
          const whole = comparison
            ? { ...bundle, statements, industry_comparison: { ...comparison, top: tops[comparison.industry] } }
            : { ...bundle, statements };
          return { code: bundle.company.code, bundle: whole, fetchedAt: Date.now() };
        }),
      );
      if (body.data.next === null) break;
      after = body.data.next;
    }
    const started = performance.now();
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(`fcf-bench-put-${Date.now()}`, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('bundles', { keyPath: 'code' });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    for (const rows of pages) {
      await new Promise<void>((resolve, reject) => {
        const transaction = db.transaction('bundles', 'readwrite');
        const store = transaction.objectStore('bundles');
        for (const row of rows) store.put(row);
        transaction.oncomplete = () => resolve();
        transaction.onerror = () => reject(transaction.error);
      });
    }
    const millis = performance.now() - started;
    db.close();
    return { millis, rows: pages.reduce((sum, rows) => sum + rows.length, 0) };
  });
  await context.close();
  return result;
}
