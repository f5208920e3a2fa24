import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { SERVER_BUSY_MESSAGE } from '../workers/server-pool.ts';

/**
 * POST /api/pdf/generate draws on the worker pool, under a per-address throttle: the event loop stays
 * free for everyone else while PDFs are made.
 */

const PDF_REQUEST = JSON.stringify({ userId: '美的集团', reportType: 'standard', template: 'default' });

function generate(platform: TestPlatform) {
  return platform.app.request('/api/pdf/generate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: PDF_REQUEST,
  });
}

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

describe('POST /api/pdf/generate under load', () => {
  it('allows each address its PDFs a minute, then answers 429 with Retry-After', async () => {
    const platform = await startTestPlatform({ pdfPerMinute: 2 });
    try {
      expect((await generate(platform)).status).toBe(200);
      expect((await generate(platform)).status).toBe(200);
      const refused = await generate(platform);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('Retry-After'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      const body = (await refused.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toBe(`生成PDF过于频繁：每个地址每分钟最多 2 份，请 ${retryAfter} 秒后再试`);
      // Requests that name no company make no PDF and use up nothing.
      expect((await platform.call('POST', '/api/pdf/generate', { body: { userId: '不存在的公司' } })).status).toBe(404);
    } finally {
      await platform.close();
    }
  });

  it('answers 503 with Retry-After when every worker and queue place is taken', async () => {
    const platform = await startTestPlatform({ workerThreads: 1, workerQueue: 0 });
    try {
      const responses = await Promise.all([generate(platform), generate(platform), generate(platform)]);
      const statuses = responses.map((response) => response.status);
      expect(statuses).toContain(200);
      expect(statuses).toContain(503);
      const busy = responses.find((response) => response.status === 503);
      if (!busy) throw new Error('no request was refused');
      expect(busy.headers.get('Retry-After')).toBe('5');
      expect(((await busy.json()) as { message: string }).message).toBe(SERVER_BUSY_MESSAGE);
    } finally {
      await platform.close();
    }
  });

  it('keeps health p99 under 100 ms while 10 clients generate PDFs at once, over real HTTP', async () => {
    const platform = await startTestPlatform({ pdfPerMinute: 100_000 });
    const server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const post = () =>
        fetch(`${base}/api/pdf/generate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: PDF_REQUEST,
        });
      // One PDF first, so the measurement starts with a worker (and its font) ready.
      expect((await post()).status).toBe(200);

      let stop = false;
      let made = 0;
      const clients = Array.from({ length: 10 }, async () => {
        while (!stop) {
          const response = await post();
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          made++;
        }
      });
      /**
       * One window: until both enough health answers and enough PDFs (every client has had PDFs queued meanwhile).
       * Up to three windows, the best one counts: on a shared machine another process can take the CPU for one
       * window, while PDF work on the event loop would slow every window alike.
       */
      const windowP99 = async (): Promise<number> => {
        const latencies: number[] = [];
        const madeBefore = made;
        while (latencies.length < 200 || made - madeBefore < 20) {
          const started = performance.now();
          const response = await fetch(`${base}/api/data/health`);
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          await sleep(10);
        }
        const p50 = percentile(latencies, 0.5);
        const p99 = percentile(latencies, 0.99);
        console.info(`health under PDF load: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ${made} PDFs`);
        return p99;
      };
      let best = Number.POSITIVE_INFINITY;
      for (let window = 0; window < 3 && best >= 100; window++) best = Math.min(best, await windowP99());
      stop = true;
      await Promise.all(clients);
      expect(best).toBeLessThan(100);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await platform.close();
    }
  }, 120_000);
});
