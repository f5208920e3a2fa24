import { PULL_PAGE_MAX, type SyncRow, type SyncTable } from '@fcf/engine/sync';
import type { $ZodType } from 'zod/v4/core';
import { apiRequest } from '../api/http.ts';
import { openStore } from '../store/db.ts';

/** A page of a pull as the light schemas read it (`lightPullAnswer` of `@fcf/engine/report`). */
interface PulledPage {
  readonly data: { readonly changes: readonly SyncRow[]; readonly cursor: number; readonly hasMore: boolean };
}

/** Synced tables the page pulls outside the sync client, under a cursor of their own. */
export interface TablePull {
  /** Where the cursor is kept (the `lists` table): one per group of tables, per user for owned ones. */
  readonly cursorKey: string;
  readonly tables: readonly SyncTable[];
  /** The answer's light schema for these tables, so the first screen carries no protocol schemas. */
  readonly answer: $ZodType<PulledPage>;
}

/**
 * Brings tables the sync client does not pull up to date in the browser's sync rows: the public market
 * tables, and the signed-in user's own rows of an owned table (the server answers only theirs, by the
 * token). Page after page until caught up, each page written with its cursor in one transaction, so an
 * interrupted pull resumes where it stopped. Throws when the server cannot be reached.
 */
export async function pullTables({ cursorKey, tables, answer }: TablePull): Promise<void> {
  const db = await openStore();
  if (!db) return;
  for (;;) {
    const stored = (await db.lists.get(cursorKey))?.value;
    const cursor = typeof stored === 'number' ? stored : 0;
    const page = await apiRequest(`/api/sync/pull?cursor=${cursor}&tables=${tables.join(',')}&limit=${PULL_PAGE_MAX}`, {
      schema: answer,
    });
    const { changes, hasMore } = page.data;
    await db.transaction('rw', db.syncRows, db.lists, async () => {
      await db.syncRows.bulkPut(changes.map((row) => ({ ...row })));
      await db.lists.put({ key: cursorKey, value: page.data.cursor, fetchedAt: Date.now() });
    });
    if (!hasMore) return;
  }
}
