import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPANY_BUNDLES_PAGE_MAX, companyBundlesAnswer, companyListAnswer, envelope } from '@fcf/engine/contract';
import { PULL_PAGE_MAX, pullResponseSchema } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_CACHE_LIMITS } from '../cache/view-cache.ts';
import { seedWholeMarket } from '../testing/market-seed.ts';
import { connection, type HealthSample, percentile, pollHealth, rssMb } from '../testing/process-watch.ts';
import { type ServerProcess, spawnServer } from '../testing/server-process.ts';

/**
 * Anonymous requests can neither stall nor bloat the server (docs/operations.md, "Caching and request
 * limits"). A real server process on the whole market (3,969 companies, seeded once for this file) gets
 * what a hostile client sent it: pages of bundles at 30 distinct cursors, 620 distinct offsets of the
 * company list, a pull-paging loop; meanwhile health is polled on a connection of its own.
 *
 * "Health p99 < 100 ms" counts, per health check, how long the server's event loop ran on a CPU while the
 * check waited (the scheduler's own count): that is what work held up on the event loop costs it, while a
 * machine busy with other processes also makes the server wait for a CPU, which its code cannot help.
 */

/** The bound the health checks must meet, at the 99th percentile. */
const HEALTH_P99_MS = 100;
/** How far above where it started the server's resident memory may stay once the requests are answered. */
const RSS_BACK_WITHIN_MB = 100;
const MB = 1024 * 1024;

let dir: string;
let server: ServerProcess;
let port: number;
let pid: number;
/** Codes of the companies with a history, in code order (what the pages of bundles go through). */
let valued: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-bounded-work-'));
  const databaseUrl = `file:${join(dir, 'fcf.db')}`;
  await seedWholeMarket(databaseUrl);
  server = spawnServer('main', {
    PORT: '0',
    DATABASE_URL: databaseUrl,
    STATIC_DIR: join(dir, 'no-dist'),
    LOG_REQUESTS: '0',
  });
  port = await server.port();
  pid = server.child.pid ?? 0;
  const list = companyListAnswer.parse(
    await (await fetch(`http://127.0.0.1:${port}/api/data/available-companies`)).json(),
  );
  valued = list.data.filter((company) => company.has_forecast_data).map((company) => company.code);
}, 300_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The health checks' event-loop time (their round trip where the system keeps no per-thread CPU time). */
const eventLoopMs = (samples: readonly HealthSample[]) => samples.map((sample) => sample.serverCpuMs ?? sample.wallMs);

function expectHealthy(samples: readonly HealthSample[]): void {
  expect(samples.length).toBeGreaterThan(20);
  const p99 = percentile(eventLoopMs(samples), 99);
  const wallP99 = percentile(
    samples.map((sample) => sample.wallMs),
    99,
  );
  expect(p99, `health p99 ${p99.toFixed(1)} ms of event-loop time (${wallP99.toFixed(0)} ms round trip)`).toBeLessThan(
    HEALTH_P99_MS,
  );
}

/** Waits (up to `timeoutMs`) for the server's resident memory to come down to `target` MB; the last reading. */
async function settledRss(target: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let rss = rssMb(pid);
  while (rss > target && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    rss = rssMb(pid);
  }
  return rss;
}

/** Asks every path over `connections` keep-alive connections at once, each taking the next path; their statuses. */
async function askAll(paths: readonly string[], connections: number): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const link = connection(port);
      for (let path = paths[next++]; path !== undefined; path = paths[next++]) {
        statuses.push((await link.get(path, { 'accept-encoding': 'br' })).status);
      }
      link.close();
    }),
  );
  return statuses;
}

describe('bounded work for anonymous requests (whole market, real server process)', () => {
  it('clamps a larger page of bundles to its most', async () => {
    const answer = await fetch(`http://127.0.0.1:${port}/api/data/company-bundles?limit=1000`);
    const page = companyBundlesAnswer.parse(await answer.json()).data;
    expect(page.bundles).toHaveLength(COMPANY_BUNDLES_PAGE_MAX);
    expect(page.total).toBe(valued.length);
    expect(page.next).toBe(valued[COMPANY_BUNDLES_PAGE_MAX - 1]);
  }, 120_000);

  it('30 pages of bundles at distinct cursors on 2 connections: health p99 < 100 ms, no 5xx, memory given back', async () => {
    // Cursors that no download from the first page meets: each page is built for its request alone.
    const cursors = Array.from({ length: 30 }, (_, index) => valued[index * 97 + 3] ?? '');
    expect(new Set(cursors).size).toBe(30);
    const rssBefore = rssMb(pid);
    const health = pollHealth(port, pid);
    const statuses = await askAll(
      cursors.map((after) => `/api/data/company-bundles?after=${after}&limit=1000`),
      2,
    );
    expectHealthy(await health.stop());
    expect(statuses).toEqual(cursors.map(() => 200));
    const rssAfter = await settledRss(rssBefore + RSS_BACK_WITHIN_MB);
    expect(rssAfter, `RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`).toBeLessThanOrEqual(
      rssBefore + RSS_BACK_WITHIN_MB,
    );
  }, 180_000);

  it('620 distinct offsets of the company list do not grow memory beyond the view cache budget', async () => {
    const rssBefore = rssMb(pid);
    const health = pollHealth(port, pid);
    const offsets = Array.from({ length: 620 }, (_, index) => `/api/data/available-companies?offset=${index + 1}`);
    const statuses = await askAll(offsets, 2);
    expectHealthy(await health.stop());
    expect(statuses).toEqual(offsets.map(() => 200));
    const budget = VIEW_CACHE_LIMITS.bytes / MB;
    const rssAfter = await settledRss(rssBefore + budget);
    expect(rssAfter - rssBefore, `RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB`).toBeLessThanOrEqual(budget);
  }, 180_000);

  it('an anonymous pull-paging loop gets pages of at most the page limit while health answers', async () => {
    const health = pollHealth(port, pid);
    const pullAnswer = envelope(pullResponseSchema);
    let cursor = 0;
    for (let pages = 0; pages < 40; pages++) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/sync/pull?cursor=${cursor}&limit=5000`);
      expect(answer.status).toBe(200);
      const page = pullAnswer.parse(await answer.json()).data;
      const last = page.changes[page.changes.length - 1]?.change_seq;
      // A page holds at most the limit, plus the other rows of the sequence number it ends with.
      const beforeLast = page.changes.filter((row) => row.change_seq !== last);
      expect(beforeLast.length).toBeLessThan(PULL_PAGE_MAX);
      expect(page.cursor).toBeGreaterThan(cursor);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expectHealthy(await health.stop());
  }, 120_000);
});
