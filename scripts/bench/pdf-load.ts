/**
 * Section 4, isolation: the health check's latency while 10 clients generate PDF reports at once
 * (`POST /api/pdf/generate` draws on the server's worker pool), against the same check on the idle server.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type Row, verdict } from './report.ts';
import { formatMillis, formatRatio, percentile, progress } from './stats.ts';

export const PDF_CLIENTS = 10;
const HEALTH_SAMPLES = 300;
const HEALTH_INTERVAL_MS = 10;
const P99_TARGET_MS = 100;

export interface HealthUnderLoad {
  readonly idleMillis: readonly number[];
  readonly loadedMillis: readonly number[];
  readonly pdfs: number;
  readonly pdfErrors: number;
  readonly seconds: number;
}

async function healthSamples(baseURL: string, count: number): Promise<number[]> {
  const samples: number[] = [];
  while (samples.length < count) {
    const started = performance.now();
    const response = await fetch(`${baseURL}/api/data/health`);
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    await sleep(HEALTH_INTERVAL_MS);
  }
  return samples;
}

/** The server must allow this address more PDFs a minute than the run makes (PDF_RATE_LIMIT). */
export async function measureHealthUnderPdfLoad(baseURL: string): Promise<HealthUnderLoad> {
  progress(`4. health check idle, then while ${PDF_CLIENTS} clients generate PDFs`);
  const idleMillis = await healthSamples(baseURL, HEALTH_SAMPLES);
  const body = JSON.stringify({ userId: '美的集团', reportType: 'standard', template: 'default' });
  let stop = false;
  let pdfs = 0;
  let pdfErrors = 0;
  const clients = Array.from({ length: PDF_CLIENTS }, async () => {
    while (!stop) {
      try {
        const response = await fetch(`${baseURL}/api/pdf/generate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        await response.arrayBuffer();
        if (response.ok) pdfs++;
        else pdfErrors++;
      } catch {
        // A reset connection is an error of the run, not the end of it.
        pdfErrors++;
      }
    }
  });
  const started = performance.now();
  const loadedMillis = await healthSamples(baseURL, HEALTH_SAMPLES);
  const seconds = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(clients);
  return { idleMillis, loadedMillis, pdfs, pdfErrors, seconds };
}

export function healthUnderLoadRow(figures: HealthUnderLoad): { row: Row; met: boolean } {
  const p99 = percentile(figures.loadedMillis, 0.99);
  const idleP99 = percentile(figures.idleMillis, 0.99);
  const met = p99 < P99_TARGET_MS && figures.pdfErrors === 0;
  return {
    met,
    row: {
      benchmark: `GET /api/data/health while ${PDF_CLIENTS} clients generate PDFs`,
      measured: formatMillis(percentile(figures.loadedMillis, 0.5)),
      spread: `p99 ${formatMillis(p99)}`,
      reference: `idle: p50 ${formatMillis(percentile(figures.idleMillis, 0.5))}, p99 ${formatMillis(idleP99)}`,
      ratio: `p99 ${formatRatio(p99 / idleP99)} idle`,
      target: `p99 < ${P99_TARGET_MS} ms, 0 errors`,
      verdict: verdict(met),
      notes: `${figures.loadedMillis.length} health checks ${HEALTH_INTERVAL_MS} ms apart; meanwhile ${figures.pdfs} PDFs (${(figures.pdfs / figures.seconds).toFixed(1)}/s) and ${figures.pdfErrors} errors; the PDFs are drawn on the worker pool (WORKER_THREADS, default cores − 1), so the event loop only reads the report and sends the bytes`,
    },
  };
}
