/**
 * Why a figure misses its target, as found by profiling while building these benchmarks (CPU profiles of
 * the server under the same load, timing breakdowns in the page). Written into "Missed targets and
 * causes" only when that figure misses in the run; the figures quoted come from the run itself.
 */
import type { ReportOpenFigures } from './browser.ts';
import type { SyncFigures } from './sections.ts';
import type { LoadFigures } from './server.ts';
import { formatBytes, formatMillis, median } from './stats.ts';

const SERVER_PROFILE =
  "Every read here is a cached view: its bytes, its brotli and gzip forms and every header of the answer (security headers, ETag, encoding) are kept per URL and change sequence as one plain object, so a request costs one change-sequence read per event-loop turn, a map lookup, a copy of that object with the request id, and the send; no `Headers` object is made (@hono/node-server writes a plain object straight to the socket). Measured outside this run on the same machine: a one-route Hono app sending the same bytes with the same headers uses about the ceiling's CPU per request (~20–25 µs, from /proc), this route ~60–80 µs. A CPU profile of the server over the route's run (`node --cpu-prof`) has ~40% of the main thread's samples in `writev` (the socket write; on a shared 2-core machine these samples include the wait after the write wakes the load generator), ~20% in Hono's routing and the seven async middlewares every /api request passes (request id and security headers, compression check, services, JSON limits, auth, the route's documentation, the handler), ~5% building the header object, ~3% the change-sequence read and ~4% GC. The ceiling answers synchronously, which the adapter writes without awaiting; every /api route here is async. On this 2-core machine the load generator takes one core and the other work on the machine shares them, so the ratio moves by ±15 points between runs and p99 follows the machine's load (compare the ceiling's own p99).";

function serverCause(figures: LoadFigures): string {
  if (figures.path.includes('available-companies') && figures.bytesPerRequest > 10_000) {
    return `Each answer is the whole market's list, ${formatBytes(figures.bytesPerRequest)} even compressed, ${Math.round((figures.requestsPerSecond * figures.bytesPerRequest) / 1024 / 1024)} MB/s in this run: a one-route Hono app sending the same bytes reaches about the same rate here (the row's notes), so the bytes set it (autocannon parses every body in JavaScript). A client that pages or revalidates is the one the target is for.`;
  }
  return SERVER_PROFILE;
}

export const CAUSES = {
  editToScreen:
    "The measure covers the worker round trip (postMessage, the engine's recompute, structured clone of the view back) and React's render of the page; a long p95 comes from garbage collection or a frame of the shared machine landing inside an edit.",
  reportOpen: (figures: ReportOpenFigures): string => {
    const dcl = median(figures.offlineDomContentLoadedMillis);
    const data = median(figures.offlineDataMillis);
    const ready = median(figures.offlineReadyMillis);
    const painted = median(figures.offlinePaintedMillis);
    return `The breakdown measured in this run (medians from navigation start): the service worker serves the shell and the initial JavaScript is parsed and run by DOMContentLoaded at ${formatMillis(dcl)}; the company list and the company's bundle are read from IndexedDB, the engine worker starts (its own chunk, from the cache) and computes the report, and React renders the five modules with their tables by ${formatMillis(data)} (${formatMillis(data - dcl)}); drawing the report's uPlot charts (the lazily loaded uPlot chunk, then one canvas per chart) takes until ${formatMillis(ready)} (${formatMillis(ready - data)}); the frame is painted at ${formatMillis(painted)}. The largest part is between DOMContentLoaded and the data (IndexedDB reads, the worker's start-up and the engine, React's render of five modules' tables); the charts add the rest. The engine worker and the IndexedDB open start as soon as the report page's code loads, and uPlot's chunk as soon as the report starts loading its data (before, it was fetched and run only after the first chart rendered). A Chromium trace of one offline open (CDP tracing and the page's JavaScript profile, outside this run, on the machine at a load of ~10) showed where the main thread goes: the previous report page's teardown (the bench opens the report again in the same tab) ~25–65 ms before the new document's scripts run; evaluating the entry module ~40 ms; the five small IndexedDB reads of the lists and the bundle's read complete only when the main thread is free (15–45 ms each, mostly waiting); the engine in the worker 8–13 ms; React's render of the five modules ~50 ms and style and layout ~30 ms; a 29 ms minor GC. Opening through about:blank (a fresh renderer process) was slower, not faster. What is left is main-thread work spread over React's render, layout and GC: drawing charts below the fold only when they scroll into view, and rendering the modules below the fold after the first paint, are the next steps.`;
  },
  import:
    "A CPU profile of the server during the import (`node --cpu-prof`) had libSQL at ~70% of the time: one INSERT per figure (~830,000) plus, before this issue's fix, an `UPDATE change_counter … RETURNING` per figure read back through libSQL's row iterator (a third of the total). The fix takes one change sequence number per report (the figures of one file are written together, and a pull never splits a sequence number): see the run time above. What remains is the per-row INSERT through libSQL's native binding (~10 µs each), CSV parsing (papaparse, numbers, labels: ~5%) and valuing each uploaded company (~5%).",
  valuation:
    "The batch reads each company's statements through libSQL (the row iterator dominates), values it and writes the result in its own transaction, yielding to the event loop every 25 companies.",
  offlineDownload: (figures: SyncFigures): string => {
    const { download } = figures;
    return `The bundle pages took ${formatMillis(download.transferMillis)} summed from request to last byte (the first request after a change of the data waits for the server to read the page's companies in four range queries and compress it; later ones come from the view cache); the rest is parsing and checking ${formatBytes(download.decodedBytes)} of JSON against the contract and IndexedDB's \`bulkPut\` of structured clones.`;
  },
  incrementalPull:
    'An incremental pull is one request (server: the change-sequence scan of every synced table) and one small IndexedDB transaction.',
  server: serverCause,
  healthUnderPdfLoad:
    "The PDFs are drawn on the worker pool, so what a health check can wait for on the event loop is each PDF request's share there: reading the company's bundle from libSQL (~6 ms), building the report (< 1 ms) and sending ~115 KB. On this 2-core machine the worker thread (at a lower priority), the load generator and the server's event loop share the cores, so a late health check is mostly waiting for a core.",
};
