import {
  type BundleIndustries,
  bundleIndustriesAnswer,
  bundleOfPage,
  companyBundlesAnswer,
  companyBundlesCursor,
} from '@fcf/engine/contract';
import { safeParse } from 'zod/mini';
import { BUNDLES_TABLE, openExistingDatabase, storedBundle } from './bundle-rows.ts';

/**
 * A page of "离线下载全部" checked and stored off the page's thread (worker/bundle-pages.worker.ts): the
 * page's bytes are parsed, checked against the contract and written in one transaction, so a page is
 * stored whole or not at all. Every company's 行业对比 comes apart from the pages, once for the download
 * (`GET /api/data/company-bundles/industries`), and is given to the worker before its first page.
 */

/** Where the next page starts and how many companies there are in all, as a page of bundles says. */
export interface PageCursor {
  readonly next: string | null;
  readonly total: number;
}

/**
 * A page (or the industries' answer) that is not JSON or not of the contract's shape; thrown by name, so it
 * crosses to the page.
 */
export class PageFormatError extends Error {
  override readonly name = 'PageFormatError';
}

let connection: Promise<IDBDatabase> | null = null;
/** The industries' answer of this download: a worker serves one download and is then ended. */
let industries: BundleIndustries | null = null;

/** The answer's JSON, or PageFormatError when the bytes are not JSON (a proxy's HTML page, a cut answer). */
function parsedJson(bytes: ArrayBuffer): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new PageFormatError('数据格式错误');
  }
}

/**
 * Checks and keeps GET /api/data/company-bundles/industries as the server sent it, for the pages stored after
 * it: each page's bundles get their 行业对比 from it. Throws PageFormatError for an answer of the wrong shape
 * (and then keeps none: no page is stored with industries other than the answer's).
 */
export function keepBundleIndustries(bytes: ArrayBuffer): void {
  industries = null;
  const answer = safeParse(bundleIndustriesAnswer, parsedJson(bytes));
  if (!answer.success) throw new PageFormatError('数据格式错误');
  industries = answer.data.data;
}

/**
 * The offline copy's database, opened as it is: the page opens (and upgrades) it with Dexie before any
 * page is stored, so here it only exists or not. Never created here: an open that would create it is
 * aborted. Closed when another tab upgrades it, and opened again on the next page.
 */
function database(): Promise<IDBDatabase> {
  connection ??= openExistingDatabase().then(
    (db) => {
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      return db;
    },
    (error: unknown) => {
      connection = null;
      throw error;
    },
  );
  return connection;
}

/**
 * Checks and stores one page of GET /api/data/company-bundles as the server sent it, once the industries'
 * answer is given (`keepBundleIndustries`). `onCursor` hears the page's cursor (itself checked) as soon as it
 * is read, before the bundles are checked and written, so the next page is asked for meanwhile. Answers how
 * many bundles were stored; throws PageFormatError for a page of the wrong shape (nothing of it stored), an
 * Error before the industries are given (nothing read) and the database's error when it could not be written.
 */
export async function storeBundlesPage(bytes: ArrayBuffer, onCursor: (cursor: PageCursor) => void): Promise<number> {
  // Without them every bundle would be stored without its 行业对比 and taken for one that has none.
  const given = industries;
  if (!given) throw new Error('行业对比数据尚未载入，无法保存离线数据');
  const body = parsedJson(bytes);
  const cursor = safeParse(companyBundlesCursor, body);
  if (!cursor.success) throw new PageFormatError('数据格式错误');
  onCursor(cursor.data.data);
  const page = safeParse(companyBundlesAnswer, body);
  if (!page.success) throw new PageFormatError('数据格式错误');
  const shared = page.data.data;
  const db = await database();
  const fetchedAt = Date.now();
  return new Promise<number>((resolve, reject) => {
    const transaction = db.transaction(BUNDLES_TABLE, 'readwrite');
    const table = transaction.objectStore(BUNDLES_TABLE);
    transaction.oncomplete = () => resolve(shared.bundles.length);
    // Each bundle whole again (the risk-free rates and the item names are the page's, given once; its 行业对比 is
    // the industries' answer's, given once for the download) and written at once: a bundle is copied into the
    // write as it is made, so the page's bundles are never all held whole at once (what the worker's garbage
    // collector would copy). One that does not fit aborts the transaction: nothing of the page is stored.
    let misfit = false;
    transaction.onabort = () =>
      reject(misfit ? new PageFormatError('数据格式错误') : (transaction.error ?? new Error('离线数据保存失败')));
    try {
      for (const paged of shared.bundles) {
        const bundle = bundleOfPage(paged, shared, given);
        if (!bundle) {
          misfit = true;
          transaction.abort();
          return;
        }
        table.put(storedBundle(bundle, fetchedAt), bundle.company.code);
      }
    } catch (error) {
      // A row the browser could not copy: none of the page is kept.
      transaction.abort();
      reject(error);
    }
  });
}
