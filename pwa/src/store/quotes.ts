import { chinaDate, type MarketQuote } from '@fcf/engine';
import { type QuoteSyncData, quotePullAnswer } from '@fcf/engine/report';
import { apiRequest } from '../api/http.ts';
import { openStore } from './db.ts';

/**
 * The offline copy of every company's latest quote: the public `quotes` sync table, pulled by its own
 * cursor into the sync rows (table 'quotes'), so prices show offline and the screener works offline.
 */

const CURSOR_KEY = 'quotes-cursor';
const PAGE = 5000;
/** A pull at most this often per page session; a report opened meanwhile reads the copy. */
const PULL_INTERVAL_MS = 5 * 60 * 1000;

let lastPull = 0;
let running: Promise<void> | null = null;

async function pullAll(): Promise<void> {
  const db = await openStore();
  if (!db) return;
  const stored = (await db.lists.get(CURSOR_KEY))?.value;
  let cursor = typeof stored === 'number' ? stored : 0;
  for (;;) {
    const page = await apiRequest(`/api/sync/pull?cursor=${cursor}&tables=quotes&limit=${PAGE}`, {
      schema: quotePullAnswer,
    });
    const { changes, hasMore } = page.data;
    const next = page.data.cursor;
    await db.transaction('rw', db.syncRows, db.lists, async () => {
      await db.syncRows.bulkPut(changes.map((row) => ({ ...row })));
      await db.lists.put({ key: CURSOR_KEY, value: next, fetchedAt: Date.now() });
    });
    cursor = next;
    if (!hasMore) return;
  }
}

/** Brings the quotes up to date when online (at most every 5 minutes unless forced); never throws. */
export function refreshQuotes(force = false): Promise<void> {
  if (running) return running;
  if (!force && Date.now() - lastPull < PULL_INTERVAL_MS) return Promise.resolve();
  running = pullAll()
    .then(() => {
      lastPull = Date.now();
    })
    .catch((error) => console.warn('行情同步失败，使用离线数据', error))
    .finally(() => {
      running = null;
    });
  return running;
}

/** The company's latest quote from the offline copy, or null (also when the store cannot be read). */
export async function readQuote(code: string): Promise<QuoteSyncData | null> {
  try {
    const db = await openStore();
    const row = await db?.syncRows.get(['quotes', code]);
    return row?.data ? (row.data as QuoteSyncData) : null;
  } catch {
    // A price is an extra: the report and the custom page open without one.
    return null;
  }
}

/** The market context of a report: the quote and today. */
export async function marketContext(code: string): Promise<{ quote: MarketQuote | null; today: string }> {
  return { quote: await readQuote(code), today: chinaDate(Date.now()) };
}

/** Every company's latest quote, by code. */
export async function readAllQuotes(): Promise<Map<string, QuoteSyncData>> {
  const db = await openStore();
  const rows = (await db?.syncRows.where('table').equals('quotes').toArray()) ?? [];
  return new Map(rows.flatMap((row) => (row.data ? [[row.key, row.data as QuoteSyncData]] : [])));
}
