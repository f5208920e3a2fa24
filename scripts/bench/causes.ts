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
  "Every read here is a cached view: the answer's bytes and its brotli form are kept per URL and change sequence, so a request costs one change-sequence read per event-loop turn, a map lookup and the send. A CPU profile of the server under this load (`node --cpu-prof`, autocannon on the DCF route) shows no application hot spot: about a quarter is writing responses to the socket (`writev`), the rest Hono routing, the middleware every route pays (request id, the twelve security headers through undici's `Headers`, auth) and GC. The ceiling sends an 11-byte body with two headers; on this 2-core machine autocannon itself takes one core and the other helpers' work shares them, so p99 follows the machine's load (compare the ceiling's own p99).";

function serverCause(figures: LoadFigures): string {
  if (!figures.path.includes('available-companies')) return SERVER_PROFILE;
  if (figures.bytesPerRequest > 10_000) {
    return `Each answer is the whole market's list, ${formatBytes(figures.bytesPerRequest)} even compressed (brotli of 438 KB of JSON, made once per change of the data and then only looked up, as for the small list), ${Math.round((figures.requestsPerSecond * figures.bytesPerRequest) / 1024 / 1024)} MB/s in this run. Moving the bytes alone does not explain it: a trivial Hono app sending a fixed 50 KB body reached about 12,000 req/s in a separate probe on this machine. What else grows with the body on this route's way out was not found in this round (not the compression middleware: it no longer touches a skipped answer's body, which had turned node-server's direct write into a stream). A browser that already has the list revalidates it with its ETag and gets a 304 (the revalidated row).`;
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
    return `The breakdown measured in this run (medians from navigation start): the service worker serves the shell and the initial JavaScript is parsed and run by DOMContentLoaded at ${formatMillis(dcl)}; the company list and the company's bundle are read from IndexedDB, the engine worker starts (its own chunk, from the cache) and computes the report, and React renders the five modules with their tables by ${formatMillis(data)} (${formatMillis(data - dcl)}); drawing the report's uPlot charts (the lazily loaded uPlot chunk, then one canvas per chart) takes until ${formatMillis(ready)} (${formatMillis(ready - data)}); the frame is painted at ${formatMillis(painted)}. The largest part is between DOMContentLoaded and the data (IndexedDB reads, the worker's start-up and the engine, React's render of five modules' tables); the charts add the rest. The engine worker and the IndexedDB open now start as soon as the report page's code loads, while React renders; drawing charts below the fold only when they scroll into view is the next step.`;
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
