import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { uploadAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INGEST_ERRORS, sheetTooLargeMessage } from '../ingest/errors.ts';
import { INGEST_LIMITS } from '../ingest/limits.ts';
import { BYTES_PER_BOMB_CELL, LONG_TEXT_CELL, repeatedCellsWorkbook } from '../ingest/testing/bomb-workbooks.ts';
import { conforming } from '../testing/answers.ts';
import { importCounts } from '../testing/import-counts.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { SERVER_BUSY_MESSAGE } from '../workers/server-pool.ts';

/**
 * Uploads parse on the worker pool, within the ingest limits and the pool's time and memory limits:
 * hostile files get a per-file error naming the limit, import nothing, and never hold the event loop.
 */

const GOOD_FILE = readFileSync(new URL('../../../fixtures/163/lrb600298.csv', import.meta.url));

const ROW_BYTES = 1000 * BYTES_PER_BOMB_CELL;
/** Rows of 1,000 number cells: just over the unpacked limit by the zip's declared sizes. */
const BOMB_ROWS = Math.ceil(INGEST_LIMITS.unpackedBytes / ROW_BYTES) + 10;
/** Rows of 1,000 number cells: just under the unpacked limit, millions of cells. */
const CELL_BOMB_ROWS = Math.floor((INGEST_LIMITS.unpackedBytes * 0.95) / ROW_BYTES);

/**
 * 79,200 cells of 200 characters: under every count and size limit (50 MB unpacked), yet seconds of
 * parsing and hundreds of megabytes of the worker's memory. It has no report periods, so it is refused
 * once parsed. Built once for the file.
 */
function heavySheet(): Uint8Array {
  const rowBytes = 990 * Buffer.byteLength(LONG_TEXT_CELL);
  heavy ??= repeatedCellsWorkbook(Math.floor((INGEST_LIMITS.unpackedBytes * 0.95) / rowBytes), 990, LONG_TEXT_CELL);
  return heavy;
}
let heavy: Uint8Array | undefined;

async function upload(platform: TestPlatform, files: Record<string, Uint8Array>) {
  const form = new FormData();
  for (const [name, bytes] of Object.entries(files)) form.append('files', new File([bytes], name));
  const headers = { Authorization: `Bearer ${await platform.adminToken()}` };
  const response = await platform.app.request('/api/upload_excel', { method: 'POST', body: form, headers });
  return {
    status: response.status,
    headers: response.headers,
    body: conforming(uploadAnswer, await response.json(), 'upload answer'),
  };
}

async function workersGone(platform: TestPlatform): Promise<void> {
  await vi.waitFor(() => expect(platform.workers.liveThreads).toBe(0), { timeout: 10_000, interval: 50 });
}

const MB = 1024 * 1024;
/** How near the baseline the memory must come back (generous: allocators keep some). */
const RETURNED_WITHIN = 100 * MB;

/**
 * The process's memory outside the event loop's own JavaScript heap and buffers: the worker threads'
 * heaps show here, while the test's own garbage (which the collector frees when it likes) does not.
 */
function memoryBesideMainHeap(): number {
  const { rss, heapTotal, external } = process.memoryUsage();
  return rss - heapTotal - external;
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(0)} MB`;
}

describe('hostile uploads on the worker pool', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform({ workerIdleMs: 300 });
  });
  afterAll(() => platform.close());

  it('refuses a decompression bomb per file, naming the limit, and imports nothing; a good file beside it imports', async () => {
    const bomb = repeatedCellsWorkbook(BOMB_ROWS, 1000);
    const before = importCounts(platform.db);
    const refused = await upload(platform, { '000333-利润表.xlsx': bomb });
    expect(refused.status).toBe(400);
    expect(refused.body.uploaded_files).toEqual([
      { filename: '000333-利润表.xlsx', success: false, error: INGEST_ERRORS.unpackedTooLarge },
    ]);
    expect(importCounts(platform.db)).toEqual(before);

    const mixed = await upload(platform, { '000333-利润表.xlsx': bomb, 'lrb600298.csv': GOOD_FILE });
    expect(mixed.status).toBe(200);
    expect(mixed.body.uploaded_files.map((file) => file.success)).toEqual([false, true]);
  });

  it('refuses millions of cells within the unpacked size before the spreadsheet parser sees them', async () => {
    const before = importCounts(platform.db);
    const answer = await upload(platform, { '000333-利润表.xlsx': repeatedCellsWorkbook(CELL_BOMB_ROWS, 1000) });
    expect(answer.body.uploaded_files[0]?.error).toBe(sheetTooLargeMessage('', 'cells'));
    expect(importCounts(platform.db)).toEqual(before);
  });

  it('answers health at once while a large sheet parses, and gives the memory back afterwards', async () => {
    const sheet = heavySheet();
    // A worker started and gone again: the baseline includes what a worker leaves behind.
    await upload(platform, { 'lrb600298.csv': GOOD_FILE });
    await workersGone(platform);
    const baseline = memoryBesideMainHeap();

    const before = importCounts(platform.db);
    const uploading = upload(platform, { '000333-利润表.xlsx': sheet });
    const latencies: number[] = [];
    let peak = baseline;
    let done = false;
    void uploading.finally(() => {
      done = true;
    });
    while (!done) {
      const started = performance.now();
      const health = await platform.app.request('/api/data/health');
      expect(health.status).toBe(200);
      latencies.push(performance.now() - started);
      peak = Math.max(peak, memoryBesideMainHeap());
      await sleep(20);
    }
    const answer = await uploading;
    expect(answer.body.uploaded_files[0]?.error).toBe(INGEST_ERRORS.noAnnualPeriods);
    expect(importCounts(platform.db)).toEqual(before);
    // The sheet took the worker a while (seconds; before the pool, the event loop was blocked that long).
    expect(latencies.length).toBeGreaterThan(5);
    expect(Math.max(...latencies)).toBeLessThan(250);

    // The idle worker exits; once its thread is torn down, its heap is the system's again.
    await workersGone(platform);
    const after = await vi.waitFor(
      () => {
        const now = memoryBesideMainHeap();
        expect(now - baseline, `memory beside the main heap: ${mb(now)}`).toBeLessThan(RETURNED_WITHIN);
        return now;
      },
      { timeout: 10_000, interval: 100 },
    );
    const slowest = Math.max(...latencies).toFixed(1);
    console.info(
      `health: ${latencies.length} answers, slowest ${slowest} ms; memory beside the main heap: baseline ${mb(baseline)}, peak ${mb(peak)}, after ${mb(after)}`,
    );
    // The sheet did take memory (in the worker), and it came back.
    expect(peak - baseline).toBeGreaterThan(RETURNED_WITHIN);
    expect(after - baseline).toBeLessThan(RETURNED_WITHIN);
  });
});

describe("the pool's limits, per file", () => {
  it('a parse past the time limit is aborted with a per-file error; the next upload works', async () => {
    const platform = await startTestPlatform({ workerTimeLimitMs: 300 });
    try {
      const before = importCounts(platform.db);
      const answer = await upload(platform, { '000333-利润表.xlsx': heavySheet() });
      expect(answer.body.uploaded_files[0]?.error).toBe('解析文件超时：超过 0.3 秒仍未完成，已中止，请精简文件后重试');
      expect(importCounts(platform.db)).toEqual(before);
      expect((await upload(platform, { 'lrb600298.csv': GOOD_FILE })).body.uploaded_files[0]?.success).toBe(true);
    } finally {
      await platform.close();
    }
  });

  it('a parse past the memory limit ends its worker, not the server, with a per-file error', async () => {
    const platform = await startTestPlatform({ workerMemoryMb: 64 });
    try {
      const answer = await upload(platform, { '000333-利润表.xlsx': heavySheet() });
      expect(answer.body.uploaded_files[0]?.error).toBe('解析文件所需内存超过上限（64 MB），已中止，请精简文件后重试');
      expect((await upload(platform, { 'lrb600298.csv': GOOD_FILE })).body.uploaded_files[0]?.success).toBe(true);
    } finally {
      await platform.close();
    }
  });

  it('with every worker and queue place taken, an upload answers 503 with Retry-After and imports nothing', async () => {
    const platform = await startTestPlatform({ workerThreads: 1, workerQueue: 0 });
    try {
      const slow = upload(platform, { '000333-利润表.xlsx': heavySheet() });
      await vi.waitFor(() => expect(platform.workers.full).toBe(true), { interval: 5 });
      const before = importCounts(platform.db);
      const refused = await upload(platform, { 'lrb600298.csv': GOOD_FILE, 'lrb600340.csv': GOOD_FILE });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('Retry-After')).toBe('5');
      expect(refused.body).toMatchObject({ success: false, message: SERVER_BUSY_MESSAGE });
      expect(refused.body.uploaded_files.map((file) => file.error)).toEqual([SERVER_BUSY_MESSAGE, SERVER_BUSY_MESSAGE]);
      expect(importCounts(platform.db)).toEqual(before);
      await slow;
      expect((await upload(platform, { 'lrb600298.csv': GOOD_FILE })).status).toBe(200);
    } finally {
      await platform.close();
    }
  });
});
