import type { CompanyBundle } from '@fcf/engine/report';

/**
 * What the bundles table of the offline copy holds, in a module of its own: the download's worker writes
 * those rows too (store/bundle-pages.ts), without the Dexie database of store/db.ts and what it imports.
 */

/** The browser's database of the offline copy (store/db.ts) and its table of company bundles. */
export const DATABASE_NAME = 'fcf-valuation';
export const BUNDLES_TABLE = 'companyBundles';
/**
 * The schema version store/db.ts declares last (Dexie's `version(n)`; IndexedDB holds it as n × 10): a copy
 * read without Dexie (store/kept-inputs.ts) is read only at this version, never before Dexie upgraded it.
 */
export const SCHEMA_VERSION = 9;

export interface StoredBundle {
  readonly code: string;
  readonly bundle: CompanyBundle;
  /** When it was fetched (ms since epoch). */
  readonly fetchedAt: number;
}

/**
 * The offline copy's database opened as it is, without Dexie (the download's worker, a report opened again):
 * never created or upgraded here (an open that would is aborted and rejects), since Dexie (store/db.ts)
 * creates and upgrades it.
 */
export function openExistingDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE_NAME);
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('浏览器存储不可用，无法离线保存'));
    request.onblocked = () => reject(new Error('浏览器存储正在升级'));
  });
}

export function storedBundle(bundle: CompanyBundle, fetchedAt: number): StoredBundle {
  return { code: bundle.company.code, bundle, fetchedAt };
}
