/**
 * Section 4: the server's read API under autocannon (loopback, 50 connections, 10 s per route) against a
 * trivial Hono app started in the same run, the ceiling of Hono on @hono/node-server on this machine.
 */
import autocannon from 'autocannon';
import { type Missed, type Row, verdict } from './report.ts';
import { formatCount, formatPercent, median, progress } from './stats.ts';

export const CONNECTIONS = 50;
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CEILING_SHARE_TARGET = 0.5;
const P99_TARGET_MS = 20;
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface LoadFigures {
  readonly label: string;
  readonly path: string;
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly timeouts: number;
  readonly total: number;
  readonly bytesPerRequest: number;
  /** Answers 304 count as successes (a revalidation run sends If-None-Match). */
  readonly notModified: number;
}

/** A route and its ceiling are measured in turns of this many slices (each side `DURATION_SECONDS` in all). */
export const SLICES = 5;

export async function loadTest(
  label: string,
  baseURL: string,
  path: string,
  headers: Readonly<Record<string, string>> = {},
  seconds = DURATION_SECONDS,
): Promise<LoadFigures> {
  if (seconds === DURATION_SECONDS) progress(`4. autocannon ${label} (${CONNECTIONS} connections, ${seconds} s)`);
  const result = await autocannon({
    url: `${baseURL}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    // What Chromium sends: the server answers compressed where it compresses.
    headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers },
  });
  const total = result.requests.total;
  return {
    label,
    path,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    // autocannon counts a 304 as non-2xx; a revalidation run expects them.
    non2xx: result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0),
    timeouts: result.timeouts,
    total,
    bytesPerRequest: total > 0 ? result.throughput.total / total : 0,
    notModified: result.statusCodeStats?.['304']?.count ?? 0,
  };
}

/** Slices of one side put together: mean rate, median of the slices' p50 and p99, summed counts. */
function combined(slices: readonly LoadFigures[]): LoadFigures {
  const [first] = slices;
  if (!first) throw new Error('no slices');
  const total = slices.reduce((sum, slice) => sum + slice.total, 0);
  const sum = (pick: (slice: LoadFigures) => number) => slices.reduce((acc, slice) => acc + pick(slice), 0);
  return {
    label: first.label,
    path: first.path,
    requestsPerSecond: sum((slice) => slice.requestsPerSecond) / slices.length,
    p50: median(slices.map((slice) => slice.p50)),
    p99: median(slices.map((slice) => slice.p99)),
    errors: sum((slice) => slice.errors),
    non2xx: sum((slice) => slice.non2xx),
    timeouts: sum((slice) => slice.timeouts),
    total,
    bytesPerRequest: total > 0 ? sum((slice) => slice.bytesPerRequest * slice.total) / total : 0,
    notModified: sum((slice) => slice.notModified),
  };
}

/**
 * A route and a ceiling measured in turns (ceiling, route, ceiling, route, … `SLICES` times, each side
 * `DURATION_SECONDS` in all), so both see the same moments of a shared, noisy machine.
 */
export async function loadAgainstCeiling(
  route: { label: string; baseURL: string; path: string; headers?: Readonly<Record<string, string>> },
  ceiling: { label: string; baseURL: string; path: string },
): Promise<{ figures: LoadFigures; ceiling: LoadFigures }> {
  progress(
    `4. autocannon ${route.label} in turns with ${ceiling.label} (${CONNECTIONS} connections, ${SLICES} × 2 × ${DURATION_SECONDS / SLICES} s)`,
  );
  const routeSlices: LoadFigures[] = [];
  const ceilingSlices: LoadFigures[] = [];
  const seconds = DURATION_SECONDS / SLICES;
  for (let slice = 0; slice < SLICES; slice++) {
    ceilingSlices.push(await loadTest(ceiling.label, ceiling.baseURL, ceiling.path, {}, seconds));
    routeSlices.push(await loadTest(route.label, route.baseURL, route.path, route.headers, seconds));
  }
  return { figures: combined(routeSlices), ceiling: combined(ceilingSlices) };
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

export function ceilingRow(ceiling: LoadFigures): Row {
  return {
    benchmark: `${ceiling.label} (ceiling)`,
    measured: `${formatCount(ceiling.requestsPerSecond)} req/s`,
    spread: `p50 ${ms(ceiling.p50)}, p99 ${ms(ceiling.p99)}`,
    reference: '—',
    ratio: '—',
    target: '—',
    verdict: '—',
    notes: `\`new Hono().get('/x', c => c.json({ok:true}))\` on @hono/node-server in its own Node process; ${formatCount(ceiling.total)} requests, ${ceiling.errors + ceiling.non2xx} errors`,
  };
}

/** What a route must reach: a share of the ceiling, and a p99 (null: none asked). */
export interface RouteTarget {
  readonly share: number;
  readonly p99Ms: number | null;
}

/** The DCF endpoint's and the sample list's target; the whole-market list (438 KB of JSON) has 25%. */
const ROUTE_TARGET: RouteTarget = { share: CEILING_SHARE_TARGET, p99Ms: P99_TARGET_MS };

/**
 * A route's row against the ceiling. `target` null: shown for comparison, judged by no target (the whole
 * market's full list, whose rate is set by the bytes: see `sameBytes`, a one-route app sending them).
 */
export function loadRow(
  figures: LoadFigures,
  ceiling: LoadFigures,
  note: string,
  target: RouteTarget | null = ROUTE_TARGET,
  sameBytes?: LoadFigures,
): { row: Row; missed: Missed[] } {
  const share = figures.requestsPerSecond / ceiling.requestsPerSecond;
  const errors = figures.errors + figures.non2xx + figures.timeouts;
  const errorNote = `${errors} errors (${figures.errors} socket, ${figures.non2xx} non-2xx, ${figures.timeouts} timeouts)`;
  const bytesNote = `${formatCount(figures.bytesPerRequest)} B per response (headers included)`;
  if (target === null) {
    const sameBytesNote = sameBytes
      ? `; the same bytes from a one-route Hono app: ${formatCount(sameBytes.requestsPerSecond)} req/s (p99 ${ms(sameBytes.p99)}), this route ${formatPercent(figures.requestsPerSecond / sameBytes.requestsPerSecond)} of that`
      : '';
    return {
      row: {
        benchmark: figures.label,
        measured: `${formatCount(figures.requestsPerSecond)} req/s`,
        spread: `p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}`,
        reference: `ceiling ${formatCount(ceiling.requestsPerSecond)} req/s, p99 ${ms(ceiling.p99)}`,
        ratio: `${formatPercent(share)} of ceiling`,
        target: '—',
        verdict: '—',
        notes: `${note}; ${errorNote}; ${bytesNote}${sameBytesNote}`,
      },
      missed: [],
    };
  }
  const p99Met = target.p99Ms === null || figures.p99 < target.p99Ms;
  const met = share >= target.share && p99Met && errors === 0;
  const missed: Missed[] = [];
  if (!met) {
    const parts = [
      share < target.share ? `${formatPercent(share)} of the ceiling` : null,
      p99Met ? null : `p99 ${ms(figures.p99)}`,
      errors > 0 ? `${errors} errors` : null,
    ].filter(Boolean);
    missed.push({ what: `${figures.label}: ${parts.join(', ')}`, cause: '' });
  }
  return {
    row: {
      benchmark: figures.label,
      measured: `${formatCount(figures.requestsPerSecond)} req/s`,
      spread: `p50 ${ms(figures.p50)}, p99 ${ms(figures.p99)}`,
      reference: `ceiling ${formatCount(ceiling.requestsPerSecond)} req/s, p99 ${ms(ceiling.p99)}`,
      ratio: `${formatPercent(share)} of ceiling`,
      target: `≥ ${formatPercent(target.share)} of ceiling${target.p99Ms === null ? '' : `, p99 < ${target.p99Ms} ms`}, 0 errors`,
      verdict: verdict(met),
      notes: `${note}; ${errorNote}${figures.notModified > 0 ? `, ${formatCount(figures.notModified)} × 304` : ''}; ${bytesNote}`,
    },
    missed,
  };
}
