import type { MarketQuote, ScreenerModel } from '@fcf/engine';
import { MARKET_SYNC_TABLES, marketPullAnswer, type QuoteSyncData } from '@fcf/engine/contract';
import type { SummaryQuote } from '@fcf/engine/report';
import { pullTables } from '../sync/table-pull.ts';
import { openStore } from './db.ts';
import { asQuote, marketOf } from './quote-answer.ts';

export { marketOf, quoteOfAnswer } from './quote-answer.ts';

/**
 * The offline copy of the market: every company's latest quote and every valued company's screener model,
 * the public sync tables `quotes` and `screener_models`, pulled by their own cursor into the sync rows, so
 * prices show offline and the screener works offline.
 */

const MARKET_PULL = { cursorKey: 'market-cursor', tables: MARKET_SYNC_TABLES, answer: marketPullAnswer } as const;
/** A pull at most this often per page session; a page opened meanwhile reads the copy. */
const PULL_INTERVAL_MS = 5 * 60 * 1000;

let lastPull = 0;
let running: Promise<void> | null = null;

/** Brings the market copy up to date when online (at most every 5 minutes unless forced); never throws. */
export function refreshQuotes(force = false): Promise<void> {
  if (running) return running;
  if (!force && Date.now() - lastPull < PULL_INTERVAL_MS) return Promise.resolve();
  running = pullTables(MARKET_PULL)
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
async function readQuote(code: string): Promise<QuoteSyncData | null> {
  try {
    const db = await openStore();
    const row = await db?.syncRows.get(['quotes', code]);
    return row?.data ? asQuote(row.data) : null;
  } catch {
    // A price is an extra: the report and the custom page open without one.
    return null;
  }
}

/** The market context of a report: the quote and today. */
export async function marketContext(code: string): Promise<{ quote: SummaryQuote | null; today: string }> {
  return marketOf(await readQuote(code));
}

/** Everything the screener needs from the offline copy: the models and the latest quotes by code. */
export async function readMarket(): Promise<{ models: ScreenerModel[]; quotes: Map<string, MarketQuote> }> {
  const db = await openStore();
  const rows =
    (await db?.syncRows
      .where('table')
      .anyOf([...MARKET_SYNC_TABLES])
      .toArray()) ?? [];
  const models: ScreenerModel[] = [];
  const quotes = new Map<string, MarketQuote>();
  for (const row of rows) {
    if (!row.data) continue;
    if (row.table === 'quotes') {
      const quote = asQuote(row.data);
      if (quote) quotes.set(row.key, quote);
    } else if (typeof row.data.model_json === 'string') {
      models.push(JSON.parse(row.data.model_json) as ScreenerModel);
    }
  }
  return { models, quotes };
}
