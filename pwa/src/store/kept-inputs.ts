import { BUNDLES_TABLE, openExistingDatabase, SCHEMA_VERSION, type StoredBundle } from './bundle-rows.ts';
import type { StoredReport } from './db.ts';

/** A company's rows in the offline copy that its report is made from, as IndexedDB holds them. */
export interface KeptInputs {
  readonly bundle: StoredBundle | undefined;
  /** The `data` of the company's row in the market's quotes (checked by the caller), or undefined. */
  readonly quote: unknown;
  readonly report: StoredReport | undefined;
}

/**
 * Dexie keeps `version(n)` as IndexedDB version n × 10, and a tab still running an older build patches a copy it
 * finds newer to n × 10 + 1, 2, … (adding back the tables it knows): the copy is still this schema's.
 */
function ofThisSchema(db: IDBDatabase): boolean {
  return Math.floor(db.version / 10) === SCHEMA_VERSION && db.objectStoreNames.contains(BUNDLES_TABLE);
}

function got<Row>(request: IDBRequest<Row>): Promise<Row | undefined> {
  return new Promise((resolve) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

/**
 * The company's bundle, quote and kept report read straight from IndexedDB, in one read-only transaction,
 * without Dexie: a report opened again needs only these three rows, and loading and opening Dexie came
 * before them (some 60 ms on a busy page, docs/BENCHMARKS.md §3). Undefined when they cannot be read so:
 * no copy, IndexedDB unavailable, or a copy at another schema version than this build's (store/db.ts, which
 * upgrades it, then reads). The connection is closed once read, so it never holds up an upgrade.
 */
export async function readKeptInputs(code: string): Promise<KeptInputs | undefined> {
  const early = started?.code === code ? started.read : null;
  started = null;
  return early ?? read(code);
}

let started: { readonly code: string; readonly read: Promise<KeptInputs | undefined> } | null = null;

/**
 * Starts the read as the page's first script runs (report/open-early.ts), ahead of React and of the module
 * that asks for it: the next `readKeptInputs` of the company takes it.
 */
export function startKeptRead(code: string): Promise<KeptInputs | undefined> {
  started = { code, read: read(code) };
  return started.read;
}

async function read(code: string): Promise<KeptInputs | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  const db = await openExistingDatabase().catch(() => undefined);
  if (!db) return undefined;
  try {
    if (!ofThisSchema(db)) return undefined;
    const transaction = db.transaction([BUNDLES_TABLE, 'syncRows', 'reports'], 'readonly');
    const [bundle, quoteRow, report] = await Promise.all([
      got<StoredBundle>(transaction.objectStore(BUNDLES_TABLE).get(code)),
      got<{ data?: unknown }>(transaction.objectStore('syncRows').get(['quotes', code])),
      got<StoredReport>(transaction.objectStore('reports').get(code)),
    ]);
    return { bundle, quote: quoteRow?.data, report };
  } catch {
    return undefined;
  } finally {
    db.close();
  }
}
