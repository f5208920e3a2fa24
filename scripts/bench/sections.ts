/** Sections 2–7 as tables: each figure next to its reference, the target, and the cause of a miss. */
import os from 'node:os';
import {
  COMPANY,
  EDITS,
  type EditFigures,
  FIRST_LOADS,
  REPORT_OPENS,
  type ReportOpenFigures,
  SERVER_ROUND_TRIPS,
  SPEC_DEBOUNCE_MS,
  summary,
} from './browser.ts';
import type { IngestFigures } from './ingest.ts';
import type { EmulatedNetwork, OfflineDownloadFigures } from './offline-download.ts';
import { type HealthUnderLoad, healthUnderLoadRow, PDF_CLIENTS } from './pdf-load.ts';
import type { Missed, Row, SectionResult } from './report.ts';
import { verdict } from './report.ts';
import {
  CONNECTIONS,
  ceilingRow,
  DURATION_SECONDS,
  type LoadFigures,
  loadRow,
  type RouteTarget,
  SLICES,
} from './server.ts';
import type { SizeFigures } from './size.ts';
import { formatBytes, formatCount, formatMillis, formatRatio, median } from './stats.ts';
import type { PullFigures } from './sync-page.ts';

const EDIT_P95_TARGET_MS = 16;
const REPORT_OPEN_TARGET_MS = 200;
const IMPORT_TARGET_MS = 20_000;
const VALUATION_TARGET_MS = 5_000;
const DOWNLOAD_TARGET_MS = 10_000;
const DOWNLOAD_TO_PUT_TARGET = 2;
const INCREMENTAL_PULL_TARGET_MS = 50;
const REPORT_ROUTE_TARGET_BYTES = 140 * 1024;

const p95 = (values: readonly number[]) => `p95 ${formatMillis(summary(values).p95)}`;

export function editSection(figures: EditFigures, causeOfMiss: string): SectionResult {
  const edit = summary(figures.editMillis);
  const server = summary(figures.serverRoundTripMillis);
  const reference = { p50: SPEC_DEBOUNCE_MS + server.p50, p95: SPEC_DEBOUNCE_MS + server.p95 };
  const met = edit.p95 < EDIT_P95_TARGET_MS;
  const rows: Row[] = [
    {
      benchmark: 'Commit a WACC edit → new value per share in the DOM',
      measured: formatMillis(edit.p50),
      spread: p95(figures.editMillis),
      reference: `original flow: ${formatMillis(reference.p50)} (p95 ${formatMillis(reference.p95)})`,
      ratio: `${formatRatio(reference.p50 / edit.p50)} faster`,
      target: `p95 < ${EDIT_P95_TARGET_MS} ms`,
      verdict: verdict(met),
      notes: `${figures.editMillis.length} edits (after ${5} warm-up), each a different WACC; \`custom-edit-to-screen\` measure (commit mark → layout effect after React wrote the figure); ${figures.distinctFigures} distinct figures shown`,
    },
    {
      benchmark: 'Server round trip of the what-if (reference)',
      measured: formatMillis(server.p50),
      spread: p95(figures.serverRoundTripMillis),
      reference: '—',
      ratio: '—',
      target: '—',
      verdict: '—',
      notes: `POST /api/user/calculate-with-valuation/{company} from the page, ${SERVER_ROUND_TRIPS} in a row; the product's original flow adds a ${formatCount(SPEC_DEBOUNCE_MS)} ms debounce before it`,
    },
  ];
  return {
    number: 2,
    title: 'Edit to screen',
    method: `Chromium on the built app (production React), served by the real server: the custom valuation page of ${COMPANY}, ${EDITS} WACC commits (type, Enter). The page recomputes in its engine worker and writes the new value per share; the time is the page's own performance measure from the commit to the layout effect that runs once the figure is in the DOM (before the paint). The reference is the product's original flow (docs/requirements.md#custom-valuation): a 1,200 ms debounce, then a server round trip, measured from the same page.`,
    rows,
    missed: met
      ? []
      : [{ what: `Edit to screen p95 ${formatMillis(edit.p95)}, not < ${EDIT_P95_TARGET_MS} ms`, cause: causeOfMiss }],
  };
}

export function reportSection(figures: ReportOpenFigures, causeOfMiss: string): SectionResult {
  const painted = summary(figures.offlinePaintedMillis);
  const ready = summary(figures.offlineReadyMillis);
  const dcl = summary(figures.offlineDomContentLoadedMillis);
  const data = summary(figures.offlineDataMillis);
  const lcp = summary(figures.firstLoadLcpMillis);
  const firstPainted = summary(figures.firstLoadPaintedMillis);
  const reference = summary(figures.referencePaintedMillis);
  const met = painted.p50 <= REPORT_OPEN_TARGET_MS;
  const rows: Row[] = [
    {
      benchmark: 'Report open offline, all five modules painted',
      measured: formatMillis(painted.p50),
      spread: p95(figures.offlinePaintedMillis),
      reference: `login page offline ${formatMillis(reference.p50)} (p95 ${formatMillis(reference.p95)})`,
      ratio: `${formatRatio(painted.p50 / reference.p50)} the reference`,
      target: `median ≤ ${REPORT_OPEN_TARGET_MS} ms`,
      verdict: verdict(met),
      notes: `${REPORT_OPENS} navigations with the network off (service worker shell, bundle and kept report from IndexedDB), each after one to the reference (\`/login\`, the same shell and the app's smallest page, painted once its form is there) in turns; from navigation start; medians: DOMContentLoaded ${formatMillis(dcl.p50)}, every module's data in the DOM ${formatMillis(data.p50)}, the ${figures.chartsInView} chart(s) on screen drawn ${formatMillis(ready.p50)}, painted ${formatMillis(painted.p50)}; the first online load took ${formatMillis(firstPainted.p50)}`,
    },
    {
      benchmark: 'First online load of an empty profile: LCP',
      measured: formatMillis(lcp.p50),
      spread: p95(figures.firstLoadLcpMillis),
      reference: `all modules painted ${formatMillis(firstPainted.p50)}`,
      ratio: '—',
      target: '—',
      verdict: '—',
      notes: `${FIRST_LOADS} fresh browser contexts (no cache, no service worker, no IndexedDB); PerformanceObserver \`largest-contentful-paint\`, last entry (${figures.lcpElement})`,
    },
  ];
  return {
    number: 3,
    title: 'Report open',
    method: `Chromium, the report of ${COMPANY} (\`/?company=…\`). "Painted" is taken one frame after the page shows all five modules with their data (every section no longer busy, the DCF figure written, the canvas of every chart on screen drawn; a chart off screen is built when it comes near, so it is not waited for): a MutationObserver sees the DOM complete, then a task queued from requestAnimationFrame runs after that frame.`,
    rows,
    missed: met
      ? []
      : [
          {
            what: `Report open offline ${formatMillis(painted.p50)}, not ≤ ${REPORT_OPEN_TARGET_MS} ms`,
            cause: causeOfMiss,
          },
        ],
  };
}

/** A route's run and the ceiling measured in turns with it. */
export interface RouteRun {
  readonly figures: LoadFigures;
  readonly ceiling: LoadFigures;
  readonly note: string;
  /** null: shown without a target; absent: the DCF endpoint's. */
  readonly target?: RouteTarget | null;
  /** A one-route app sending the same bytes, measured in turns with the route. */
  readonly sameBytes?: LoadFigures;
}

export function serverSection(
  ceiling: LoadFigures,
  routes: readonly RouteRun[],
  health: HealthUnderLoad,
  causes: { route: (figures: LoadFigures) => string; healthUnderPdfLoad: string },
): SectionResult {
  const rows: Row[] = [ceilingRow(ceiling)];
  const missed: Missed[] = [];
  for (const route of routes) {
    const routeCeiling = route.ceiling;
    const { row, missed: routeMissed } = loadRow(
      route.figures,
      routeCeiling,
      route.note,
      route.target,
      route.sameBytes,
    );
    rows.push(row);
    for (const entry of routeMissed) missed.push({ what: entry.what, cause: causes.route(route.figures) });
  }
  const isolation = healthUnderLoadRow(health);
  rows.push(isolation.row);
  if (!isolation.met)
    missed.push({ what: `${isolation.row.benchmark}: ${isolation.row.spread}`, cause: causes.healthUnderPdfLoad });
  return {
    number: 4,
    title: 'Server',
    method: `autocannon 8 in the bench process, loopback, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route, one route at a time; the real server (\`node --import tsx sync-server/src/main.ts\`, request log off) and the ceiling each in their own Node process on this machine, so all three share its ${os.availableParallelism()} cores with the load generator. Every request says \`Accept-Encoding: gzip, deflate, br, zstd\` as Chromium does. Each route and its reference are measured in turns (${SLICES} slices of ${DURATION_SECONDS / SLICES} s each side: ceiling, route, ceiling, route, …), so both see the same moments of the shared machine; each route's row names the ceiling measured with it (the first row is the DCF endpoint's). Req/s is the mean over the slices; latencies are the median of the slices' p50/p99. The last row times health checks (one at a time) on the idle server, then while ${PDF_CLIENTS} clients request PDF reports without pause.`,
    rows,
    missed,
  };
}

export function ingestSection(figures: IngestFigures, causes: { import: string; valuation: string }): SectionResult {
  const importMet = figures.importMillis < IMPORT_TARGET_MS;
  const valuationMet = figures.valuationMillis < VALUATION_TARGET_MS;
  const filesPerSecond = figures.files / (figures.importMillis / 1000);
  const companiesPerSecond = (figures.valued + figures.valuationFailed) / (figures.valuationMillis / 1000);
  const reasons = [...figures.failureReasons].map(([reason, count]) => `${count} × ${reason}`).join('; ');
  const rows: Row[] = [
    {
      benchmark: `Import ${formatCount(figures.files)} files through the upload path`,
      measured: formatMillis(figures.importMillis),
      spread: `per request of 200 files: median ${formatMillis(median(figures.requestMillis))}, max ${formatMillis(Math.max(...figures.requestMillis))}`,
      reference: `${formatCount(filesPerSecond)} files/s`,
      ratio: '—',
      target: '< 20 s',
      verdict: verdict(importMet),
      notes: `${formatCount(figures.importedFiles)} imported, ${figures.failedFiles} refused; ${formatCount(figures.companies)} companies; ${figures.megabytes.toFixed(1)} MB of CSV; each request also values the companies it touched, as the upload does`,
    },
    {
      benchmark: `Import the ${figures.sina.files} Sina statement files (every quarter)`,
      measured: formatMillis(figures.sina.millis),
      spread: '1 request',
      reference: `${formatCount(figures.sina.files / (figures.sina.millis / 1000))} files/s`,
      ratio: '—',
      target: 'every file imported',
      verdict: verdict(figures.sina.failed === 0),
      notes: `fixtures/sina, 33 companies' 资产负债表, 利润表 and 现金流量表 with their quarterly columns, ${figures.sina.megabytes.toFixed(1)} MB, unit=万元 for the batch: ${figures.sina.imported} imported, ${figures.sina.failed} refused; after the summaries, so their companies already exist`,
    },
    {
      benchmark: 'Batch valuation of every company',
      measured: formatMillis(figures.valuationMillis),
      spread: '1 run',
      reference: `${formatCount(companiesPerSecond)} companies/s`,
      ratio: '—',
      target: '< 5 s',
      verdict: verdict(valuationMet),
      notes: `POST /api/valuation/auto {mode: 'force_all'} (synchronous): ${formatCount(figures.valued)} valued and stored, ${figures.valuationFailed} without a valid value${reasons ? ` (${reasons})` : ''}`,
    },
  ];
  const missed: Missed[] = [];
  if (!importMet)
    missed.push({ what: `Import ${formatMillis(figures.importMillis)}, not < 20 s`, cause: causes.import });
  if (figures.sina.failed > 0) {
    missed.push({
      what: `${figures.sina.failed} of the ${figures.sina.files} Sina files refused`,
      cause: 'the upload answer says why for each file (uploaded_files[].error)',
    });
  }
  if (!valuationMet) {
    missed.push({
      what: `Batch valuation ${formatMillis(figures.valuationMillis)}, not < 5 s`,
      cause: causes.valuation,
    });
  }
  return {
    number: 5,
    title: 'Ingest',
    method:
      'The whole market (`../shared/data/market/summary/`, NetEase 主要财务指标 CSVs) uploaded as an admin to a fresh server with an empty database (no sample data), 200 files per POST /api/upload_excel request, one request at a time as the upload page sends them; then one batch valuation of every company.',
    rows,
    missed,
  };
}

export interface SyncFigures {
  /**
   * "离线下载全部" of the whole market in the app, each turn: the first after section 5's batch valuation,
   * then from the pages the server keeps, the last clicked right after an admin's edit.
   */
  readonly downloads: readonly OfflineDownloadFigures[];
  /** From the batch valuation's answer to the first turn's click, ms. */
  readonly sinceBatchMillis: number;
  /** The bare bulk put of the same rows measured after each turn's download (bare-put.ts), ms. */
  readonly barePutMillis: readonly number[];
  /** One more download from the kept pages on an emulated phone network, and its pages' bare transfer. */
  readonly phone: {
    readonly network: EmulatedNetwork;
    readonly download: OfflineDownloadFigures;
    readonly transferMillis: number;
  };
  readonly incremental: readonly PullFigures[];
  readonly pageSize: number;
}

/** Each turn's download time over the bare put measured in the same turn. */
export function downloadRatios(figures: Pick<SyncFigures, 'downloads' | 'barePutMillis'>): number[] {
  return figures.downloads.map((download, turn) => download.millis / (figures.barePutMillis[turn] ?? Number.NaN));
}

export function syncSection(figures: SyncFigures, causes: { download: string; incremental: string }): SectionResult {
  const { downloads } = figures;
  const incrementalMillis = figures.incremental.map((pull) => pull.millis);
  const incremental = summary(incrementalMillis);
  const lastIncremental = figures.incremental[figures.incremental.length - 1];
  const downloadMillis = downloads.map((download) => download.millis);
  const ratios = downloadRatios(figures);
  // Every turn counts, the first one after the batch valuation too: the slowest is the figure judged.
  const slowest = Math.max(...downloadMillis);
  const worstRatio = Math.max(...ratios);
  const download = downloads[0] as OfflineDownloadFigures;
  const downloadMet =
    slowest < DOWNLOAD_TARGET_MS &&
    worstRatio <= DOWNLOAD_TO_PUT_TARGET &&
    downloads.every((turn) => turn.storedBundles === turn.companies);
  const turnName = (index: number) => {
    if (index === 0)
      return `after the batch valuation (clicked ${formatMillis(figures.sinceBatchMillis)} after its answer)`;
    if (index === downloads.length - 1) return 'clicked right after an edit';
    return 'from the kept pages';
  };
  const turns = downloads.map(
    (turn, index) => `${turnName(index)} ${formatMillis(turn.millis)} = ${formatRatio(ratios[index] ?? Number.NaN)}`,
  );
  const transfers = downloads.map((turn) => formatMillis(turn.transferMillis)).join(', ');
  const incrementalMet = incremental.p50 < INCREMENTAL_PULL_TARGET_MS;
  const rows: Row[] = [
    {
      benchmark: 'Offline download of the whole market (离线下载全部) into a fresh IndexedDB',
      measured: formatMillis(slowest),
      spread: `turns: ${turns.join('; ')}`,
      reference: `bare bulk put ${formatMillis(median(figures.barePutMillis))} (turns: ${figures.barePutMillis.map(formatMillis).join(', ')})`,
      ratio: `${formatRatio(worstRatio)} the put (the worst turn)`,
      target: `< 10 s and ≤ ${DOWNLOAD_TO_PUT_TARGET}× the bare put, every turn`,
      verdict: verdict(downloadMet),
      notes: `${downloads.length} turns, each a download in a fresh browser context, then the reference: the same rows (every page fetched and put together by the app's own bundleOfPage first, not timed) put into a fresh IndexedDB by a bare page, its store keyed apart from its rows, by code, as the app's, one readwrite transaction of puts per page; both driven over the DevTools protocol's pipe without its Network domain (bench/devtools-pipe.ts: with it, as Playwright drives a page, Chromium copies every response body for the inspector and decodes it on the page's thread, which a user's browser does not); each turn's ratio is its download over its own put; the slowest turn is the figure; click on \`offline-download-all\` → \`offline-download-done\` in the built app, once the page has done what a first visit defers (the service worker's precache, the market's quotes); ${formatCount(download.companies)} companies (${formatCount(download.storedBundles)} bundles stored) in ${download.requests} requests; ${formatBytes(download.encodedBytes)} over the wire (${formatBytes(download.decodedBytes)} of JSON decoded); the pages' request-to-last-byte times sum to ${transfers} (turn by turn; the next page is fetched while pages are checked and written)`,
    },
    {
      benchmark: `Offline download on a phone's network (emulated: ${figures.phone.network.latencyMs} ms latency, ${figures.phone.network.megabitsPerSecond} Mbit/s)`,
      measured: formatMillis(figures.phone.download.millis),
      spread: '1 run',
      reference: `bare transfer of the pages ${formatMillis(figures.phone.transferMillis)}`,
      ratio: `${formatRatio(figures.phone.download.millis / figures.phone.transferMillis)} the transfer`,
      target: '—',
      verdict: '—',
      notes: `the download as above, from the kept pages, with Chromium's network throttling on the page; the reference fetches the same ${figures.phone.download.requests} pages one after another under the same throttling, each body read whole and nothing done with it; the app asks for a page as soon as the one before names it in its \`Link\` header, so the pages are checked and stored while the next ones arrive`,
    },
    {
      benchmark: 'Incremental pull, one changed row',
      measured: formatMillis(incremental.p50),
      spread: p95(incrementalMillis),
      reference: '—',
      ratio: '—',
      target: '< 50 ms',
      verdict: verdict(incrementalMet),
      notes: `${figures.incremental.length} runs, each after one admin WACC change; ${lastIncremental?.rows ?? 0} row(s), ${lastIncremental?.pages ?? 0} request(s), ${formatBytes(lastIncremental?.encodedBytes ?? 0)} per pull`,
    },
  ];
  const missed: Missed[] = [];
  if (!downloadMet) {
    missed.push({
      what: `Offline download ${formatMillis(slowest)} in the slowest turn (${formatRatio(worstRatio)} the bare put in the worst), not < 10 s and ≤ ${DOWNLOAD_TO_PUT_TARGET}× in every turn`,
      cause: causes.download,
    });
  }
  if (!incrementalMet) {
    missed.push({ what: `Incremental pull ${formatMillis(incremental.p50)}, not < 50 ms`, cause: causes.incremental });
  }
  return {
    number: 6,
    title: 'Offline download and sync',
    method: `Chromium on the built app, a fresh browser context: the report page's "离线下载全部" stores every company's bundle (GET /api/data/company-bundles, 250 companies a page, brotli, and every company's 行业对比 apart from GET /api/data/company-bundles/industries; each page parsed, checked against the contract and written in one transaction in one of two workers). Then, at the server's origin, the app's own sync client (\`SyncClient\` over \`DexieSyncStore\` and the HTTP transport, bundled by Vite for the page) on the tables the admin's sync pulls (forecast parameters, valuation inputs), starting in sync at the server's change sequence: each incremental pull follows one admin change; pages of ${formatCount(figures.pageSize)} rows. The server holds the whole market after section 5 (statements, valuation results).`,
    rows,
    missed,
  };
}

export function sizeSection(figures: SizeFigures, reportRouteChunks: ReadonlySet<string>): SectionResult {
  const met = figures.initialGzip <= REPORT_ROUTE_TARGET_BYTES;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows: Row[] = [
    {
      benchmark: 'Initial JS of the report route (gzip)',
      measured: kb(figures.initialGzip),
      spread: '—',
      reference: `precache ${kb(figures.precacheGzipBytes)} gzip`,
      ratio: '—',
      target: `≤ ${REPORT_ROUTE_TARGET_BYTES / 1024} KB gzip`,
      verdict: verdict(met),
      notes: figures.initial.map((chunk) => `${chunk.file.replace('assets/', '')} ${kb(chunk.gzipBytes)}`).join(', '),
    },
    ...figures.lazy.map(
      (chunk): Row => ({
        benchmark: `lazy: ${chunk.file.replace('assets/', '')}`,
        measured: kb(chunk.gzipBytes),
        spread: '—',
        reference: `${kb(chunk.bytes)} raw`,
        ratio: '—',
        target: '—',
        verdict: '—',
        notes: reportRouteChunks.has(chunk.file) ? 'loaded by the report route after the first screen' : '',
      }),
    ),
    {
      benchmark: 'Service worker precache, total',
      measured: `${kb(figures.precacheGzipBytes)} gzip`,
      spread: '—',
      reference: `${formatBytes(figures.precacheBytes)} raw`,
      ratio: '—',
      target: '—',
      verdict: '—',
      notes: `${figures.precacheFiles} files (app shell, every route's chunks, icons, the PDF font); pdf.js data files are cached on use, not precached`,
    },
  ];
  return {
    number: 7,
    title: 'Size',
    method:
      'The production build in pwa/dist, gzip level 9 per file. "Initial" is the entry script and every module index.html preloads (what the report route needs before its first screen); lazy chunks load on use.',
    rows,
    missed: met ? [] : [{ what: `Report route ${kb(figures.initialGzip)} gzip, not < 170 KB`, cause: '' }],
  };
}
