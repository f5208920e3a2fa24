/**
 * Bundled (vite, IIFE) and evaluated in a Chromium page at the server's origin by section 6: the app's own
 * sync client (SyncClient over DexieSyncStore and the HTTP transport) pulling the admin's sync tables into
 * IndexedDB.
 * Exposes `window.fcfBenchSync`; every figure is measured in the page.
 */
// First: zod reads the setting when the schemas below are made.
import './zod-without-eval.ts';
import { SyncClient, type SyncTransport } from '@fcf/engine/sync';
import { FcfDatabase } from '../../pwa/src/store/db.ts';
import { DexieSyncStore } from '../../pwa/src/sync/dexie-sync-store.ts';
import { httpSyncTransport } from '../../pwa/src/sync/http-transport.ts';
import { SYNC_TABLES_FOR_ADMIN } from '../../pwa/src/sync/sync-service.ts';

export interface PullFigures {
  readonly millis: number;
  /** Time spent in the transport (request, server, download, JSON parse and check). */
  readonly transportMillis: number;
  readonly pages: number;
  readonly rows: number;
  /** Response bodies as sent (encoded) and decoded, from Resource Timing. */
  readonly encodedBytes: number;
  readonly decodedBytes: number;
  readonly storedRows: number;
  /** Time inside DexieSyncStore.putRows (bulkGet of the page's keys + bulkPut of the newer rows). */
  readonly putRowsMillis: number;
}

const db = new FcfDatabase('fcf-bench-sync');
let transportMillis = 0;
let putRowsMillis = 0;
let pages = 0;
const timedTransport: SyncTransport = {
  push: (request) => httpSyncTransport.push(request),
  pull: async (request) => {
    const start = performance.now();
    try {
      return await httpSyncTransport.pull(request);
    } finally {
      transportMillis += performance.now() - start;
      pages++;
    }
  },
};

function client(pageSize: number): SyncClient {
  const store = new DexieSyncStore(db, 'bench', () => crypto.randomUUID());
  const putRows = store.putRows.bind(store);
  store.putRows = async (rows) => {
    const start = performance.now();
    try {
      await putRows(rows);
    } finally {
      putRowsMillis += performance.now() - start;
    }
  };
  return new SyncClient(store, timedTransport, {
    tables: SYNC_TABLES_FOR_ADMIN,
    pageSize,
  });
}

async function pull(pageSize: number): Promise<PullFigures> {
  performance.setResourceTimingBufferSize(100_000);
  performance.clearResourceTimings();
  transportMillis = 0;
  putRowsMillis = 0;
  pages = 0;
  const start = performance.now();
  const outcome = await client(pageSize).sync();
  const millis = performance.now() - start;
  let encodedBytes = 0;
  let decodedBytes = 0;
  for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    if (!entry.name.includes('/api/sync/pull')) continue;
    encodedBytes += entry.encodedBodySize;
    decodedBytes += entry.decodedBodySize;
  }
  return {
    millis,
    transportMillis,
    pages,
    rows: outcome.pulled,
    encodedBytes,
    decodedBytes,
    storedRows: await db.syncRows.count(),
    putRowsMillis,
  };
}

/** A client that has pulled everything up to `cursor` (an admin's browser that is in sync). */
async function startAt(cursor: number): Promise<void> {
  const store = new DexieSyncStore(db, 'bench', () => crypto.randomUUID());
  await store.writeState({ ...(await store.readState()), cursor });
}

declare global {
  interface Window {
    fcfBenchSync: {
      pull: (pageSize: number) => Promise<PullFigures>;
      startAt: (cursor: number) => Promise<void>;
      reset: () => Promise<void>;
    };
  }
}

window.fcfBenchSync = {
  pull,
  startAt,
  reset: async () => {
    db.close();
    await db.delete();
    await db.open();
  },
};
