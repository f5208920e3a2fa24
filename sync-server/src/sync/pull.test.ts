import { PULL_PAGE_MAX, SYNC_TABLES, type SyncRow, type SyncTable } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { pullChanges } from './pull.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const pull = (cursor: number, limit: number, tables: readonly SyncTable[] = SYNC_TABLES) =>
  pullChanges(platform.db, { cursor, limit, tables, clientId: null });

/** Every page from the start: the rows in the order received, and each page. */
function pullAll(limit: number) {
  const rows: SyncRow[] = [];
  const pages: SyncRow[][] = [];
  let cursor = 0;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = pull(cursor, limit);
    rows.push(...page.changes);
    pages.push(page.changes);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { rows, pages };
}

const seqsOf = (rows: readonly SyncRow[]) => rows.map((row) => row.change_seq);

describe('pullChanges', () => {
  it('pages through every row once, oldest first, never splitting a sequence number', () => {
    const whole = pull(0, PULL_PAGE_MAX);
    const { rows, pages } = pullAll(37);
    expect(new Set(rows.map((row) => `${row.table}|${row.key}`)).size).toBe(rows.length);
    expect(seqsOf(rows)).toEqual([...seqsOf(rows)].sort((a, b) => a - b));
    for (const [index, page] of pages.entries()) {
      const next = pages[index + 1]?.[0]?.change_seq;
      if (next !== undefined) expect(next).toBeGreaterThan(page[page.length - 1]?.change_seq ?? 0);
    }
    // The first rows are the same whatever the page size.
    expect(rows.slice(0, whole.changes.length).map((row) => row.key)).toEqual(whole.changes.map((row) => row.key));
  });

  it('answers at most PULL_PAGE_MAX rows (and the rest of the last sequence number), whatever the limit asked', () => {
    const page = pull(0, 50_000, ['statement_values']);
    expect(page.hasMore).toBe(true);
    const last = page.changes[page.changes.length - 1]?.change_seq;
    expect(page.changes.filter((row) => row.change_seq !== last).length).toBeLessThan(PULL_PAGE_MAX);
    expect(page.cursor).toBe(last);
  });
});
