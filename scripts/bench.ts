/**
 * Benchmark runner (`npm run bench`): its sections, in order, each measured against a reference in the same
 * run (scripts/bench/*). Progress goes to stderr; the Markdown goes to stdout and
 * docs/BENCHMARKS.md with the machine it ran on. Nothing asserts or fails on a slow figure.
 *
 * Builds the PWA when pwa/dist is older than its sources, starts the real server (fresh temp databases)
 * and a trivial Hono app on free ports, drives Debian's Chromium, and stops and removes all of it at the
 * end. The whole-market parts of sections 5 and 6 need ../shared/data/market/ beside the repository.
 * `npm run bench -- --only 3,9` (or names: `--only lighthouse`) runs some sections and prints them alone.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { PULL_PAGE_MAX } from '@fcf/engine/sync';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../pwa/e2e/browser.ts';
import { runBacktest } from './backtest/run.ts';
import { backtestSection } from './bench/backtest.ts';
import { measureEditToScreen, measureReportOpen, openSyncSession, syncPageScript } from './bench/browser.ts';
import { CAUSES } from './bench/causes.ts';
import { engineSection, measureEngine } from './bench/engine.ts';
import { FIRST_VISIT_PATH, type LighthouseRun, measureLongTasks, runLighthouse } from './bench/first-visit.ts';
import { firstVisitSection } from './bench/first-visit-section.ts';
import { changeOneRow, measureIngest } from './bench/ingest.ts';
import { measureDownloadTurns } from './bench/offline-download.ts';
import { type HealthUnderLoad, measureHealthUnderPdfLoad } from './bench/pdf-load.ts';
import {
  cleanUp,
  ensureBuild,
  login,
  MARKET_DIR,
  REPO_ROOT,
  type RunningServer,
  startCeiling,
  startServer,
  writeTempFile,
} from './bench/processes.ts';
import { benchmarkDocument, describeMachine, type SectionResult, verdictLines } from './bench/report.ts';
import { onlySections, skipped } from './bench/section-table.ts';
import {
  editSection,
  ingestSection,
  type RouteRun,
  reportSection,
  type SyncFigures,
  serverSection,
  sizeSection,
  syncSection,
} from './bench/sections.ts';
import { ACCEPT_ENCODING, type LoadFigures, loadAgainstCeiling, loadTest, type RouteTarget } from './bench/server.ts';
import { measureSizes } from './bench/size.ts';
import { measureSpreadsheet } from './bench/spreadsheet.ts';
import { progress } from './bench/stats.ts';
import { measureUncertainty, uncertaintySection } from './bench/uncertainty.ts';

const BENCHMARKS_FILE = join(REPO_ROOT, 'docs', 'BENCHMARKS.md');
/** The admin sync's pull pages: the most the server answers. */
const SYNC_PAGE_SIZE = PULL_PAGE_MAX;
const INCREMENTAL_PULLS = 5;
const COMPANY_LIST_TARGET: RouteTarget = { share: 0.25, p99Ms: null };
/** The page a paging client asks for from the whole market's list. */
const LIST_PAGE = 100;
const LIGHTHOUSE_RUNS = 2;
const LONG_TASK_RUNS = 3;

async function main(): Promise<void> {
  const only = onlySections(process.argv.slice(2));
  const want = (number: number) => only === null || only.has(number);
  const started = performance.now();
  const machine = describeMachine();
  const hasMarket = existsSync(join(MARKET_DIR, 'summary'));
  const marketNote = `the market data is not at ${MARKET_DIR} (it lives in ../shared/data/market/ beside the repository)`;

  // 1. Engine vs. a spreadsheet.
  // A reference that no longer computes what the engine does says so and the rest of the run goes on.
  let section1: SectionResult | null = null;
  if (want(1))
    try {
      const spreadsheet = measureSpreadsheet();
      section1 = engineSection(measureEngine(), spreadsheet);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      progress(`1. skipped: ${reason}`);
      section1 = skipped(
        1,
        'Engine vs. a spreadsheet',
        `${reason}: scripts/bench/spreadsheet-model.ts must follow the engine.`,
      );
    }

  // The app, the real server with the sample data, and Chromium for 2 and 3.
  if ([2, 3, 4, 6, 7, 9, 10].some(want)) {
    const build = ensureBuild();
    if (build.built) progress(`built the PWA in ${build.seconds.toFixed(0)} s`);
  }
  let section2: SectionResult | null = null;
  let section3: SectionResult | null = null;
  let loadedScripts: readonly string[] = [];
  let routes: RouteRun[] = [];
  let ceiling: LoadFigures | null = null;
  let healthUnderPdfLoad: HealthUnderLoad | null = null;
  let browser: Browser | null = null;
  if ([2, 3, 4].some(want)) {
    progress('starting the real server (fresh database, sample data)');
    const sample = await startServer();
    browser = await launchBrowser();

    // 2. Edit to screen.
    if (want(2)) {
      const edits = await measureEditToScreen(browser, sample.baseURL);
      section2 = editSection(edits, CAUSES.editToScreen);
    }

    // 3. Report open.
    if (want(3)) {
      const report = await measureReportOpen(browser, sample.baseURL);
      section3 = reportSection(report, CAUSES.reportOpen(report));
      loadedScripts = report.loadedScripts;
    }
    await browser.close();
    browser = null;

    // 4. Server: the two routes on the sample data, each measured in turns with the ceiling.
    if (want(4)) {
      const ceilingServer = await startCeiling();
      const onCeiling = { label: 'GET /x, trivial Hono app', baseURL: ceilingServer.baseURL, path: '/x' };
      const company = encodeURIComponent('美的集团');
      const dcf = await loadAgainstCeiling(
        {
          label: 'GET /api/home/dcf_valuation/{company}',
          baseURL: sample.baseURL,
          path: `/api/home/dcf_valuation/${company}`,
        },
        onCeiling,
      );
      const sampleList = await loadAgainstCeiling(
        { label: 'GET /api/data/available-companies', baseURL: sample.baseURL, path: '/api/data/available-companies' },
        onCeiling,
      );
      await ceilingServer.stop();
      ceiling = dcf.ceiling;
      routes = [
        { figures: dcf.figures, ceiling: dcf.ceiling, note: '美的集团 on the sample data' },
        {
          figures: sampleList.figures,
          ceiling: sampleList.ceiling,
          note: 'the sample data (a fresh install)',
          target: COMPANY_LIST_TARGET,
        },
      ];
      healthUnderPdfLoad = await measureHealthUnderPdfLoad(sample.baseURL);
    }
    await sample.stop();
  }

  // 5. Ingest, and 6. Sync, on the whole market.
  let section5: SectionResult | null = null;
  let section6: SectionResult | null = null;
  if (!want(5)) {
    // not asked for
  } else if (hasMarket) {
    progress('starting the real server (fresh, empty database) for the whole market');
    const market: RunningServer = await startServer({ empty: true });
    const ingest = await measureIngest(market, MARKET_DIR);
    const batchAnsweredAt = performance.now();
    section5 = ingestSection(ingest, { import: CAUSES.import, valuation: CAUSES.valuation });

    // The whole market's list is compressed, cached, and paged if the client asks (docs/operations.md). Its
    // target is judged on the page a client asks for and on a browser's revalidation; the full list (about
    // 100 KB brotli) is shown next to a one-route app sending the same bytes, which caps its rate here.
    if (want(4)) {
      const listPath = '/api/data/available-companies';
      const companies = `${ingest.companies.toLocaleString('en-US')} companies after section 5`;
      const listed = await fetch(`${market.baseURL}${listPath}`, { headers: { 'accept-encoding': ACCEPT_ENCODING } });
      const listBytes = new Uint8Array(await listed.arrayBuffer());
      // The one-route app here also sends the list's bytes on /body; each row is measured in turns with it.
      const sameBytes = await startCeiling({ bodyFile: writeTempFile('fcf-bench-list-', 'list.br', listBytes) });
      const marketCeiling = { label: 'GET /x, trivial Hono app', baseURL: sameBytes.baseURL, path: '/x' };
      const fullList = await loadAgainstCeiling(
        {
          label: 'GET /api/data/available-companies, whole market, full list',
          baseURL: market.baseURL,
          path: listPath,
        },
        { label: 'GET /body, the same bytes from a one-route Hono app', baseURL: sameBytes.baseURL, path: '/body' },
      );
      const fullListCeiling = await loadTest(marketCeiling.label, sameBytes.baseURL, '/x');
      const page = await loadAgainstCeiling(
        {
          label: `GET /api/data/available-companies, whole market, a page of ${LIST_PAGE}`,
          baseURL: market.baseURL,
          path: `${listPath}?offset=${LIST_PAGE}&limit=${LIST_PAGE}`,
        },
        marketCeiling,
      );
      const revalidated = await loadAgainstCeiling(
        {
          label: 'GET /api/data/available-companies, whole market, revalidated',
          baseURL: market.baseURL,
          path: listPath,
          headers: { 'if-none-match': listed.headers.get('etag') ?? '' },
        },
        marketCeiling,
      );
      const industry = await loadAgainstCeiling(
        {
          label: 'GET /api/home/industry_comparison/{company}, whole market',
          baseURL: market.baseURL,
          path: '/api/home/industry_comparison/000333',
        },
        marketCeiling,
      );
      await sameBytes.stop();
      routes.push({
        ...industry,
        note: '美的集团 among the whole 制造业 (~2,500 companies): one stored statistics row read, nothing computed over the industry',
        target: null,
      });
      routes.push({
        figures: fullList.figures,
        ceiling: fullListCeiling,
        note: `${companies}, brotli; a client that asks for all of it`,
        target: null,
        sameBytes: fullList.ceiling,
      });
      routes.push({
        ...page,
        note: `${companies}; a client that pages asks \`?offset=${LIST_PAGE}&limit=${LIST_PAGE}\` (the second page), brotli`,
        target: COMPANY_LIST_TARGET,
      });
      routes.push({
        ...revalidated,
        note: 'a browser holding the full list asks with If-None-Match and gets 304 without a body',
        target: COMPANY_LIST_TARGET,
      });
    }

    if (want(6)) {
      const token = await login(market.baseURL);
      const { downloads, barePutMillis, phone } = await measureDownloadTurns(market.baseURL, token);
      browser = await launchBrowser();
      progress("6. sync: bundling the app's sync client for the page");
      const script = await syncPageScript();
      const session = await openSyncSession(browser, market.baseURL, script);
      // An admin's browser already in sync: its first pull of the whole market's forecast parameters is
      // hundreds of thousands of rows, which is not what this measures.
      const health = (await (await fetch(`${market.baseURL}/api/data/health`)).json()) as {
        data: { change_seq: number };
      };
      await session.startAt(health.data.change_seq);
      progress('6. sync: incremental pulls');
      const incremental = [];
      for (let run = 0; run < INCREMENTAL_PULLS; run++) {
        await changeOneRow(market.baseURL, token, '000333', 0.085 + run * 0.001);
        incremental.push(await session.pull(SYNC_PAGE_SIZE));
      }
      await session.close();
      await browser.close();
      browser = null;
      const sync: SyncFigures = {
        downloads,
        sinceBatchMillis: (downloads[0]?.clickedAt ?? batchAnsweredAt) - batchAnsweredAt,
        barePutMillis,
        phone,
        incremental,
        pageSize: SYNC_PAGE_SIZE,
      };
      section6 = syncSection(sync, { download: CAUSES.offlineDownload(sync), incremental: CAUSES.incrementalPull });
    }
    await market.stop();
  } else {
    section5 = skipped(5, 'Ingest', `${marketNote}.`);
    section6 = skipped(6, 'Sync', `${marketNote}; the whole-market pull needs it.`);
  }
  const section4 =
    ceiling && healthUnderPdfLoad
      ? serverSection(ceiling, routes, healthUnderPdfLoad, {
          route: CAUSES.server,
          healthUnderPdfLoad: CAUSES.healthUnderPdfLoad,
        })
      : null;

  // 7. Size.
  const section7 = want(7) ? sizeSection(measureSizes(), new Set(loadedScripts)) : null;

  // 8. The forecast's track record, in this process (no server): the backtest's own computation.
  let section8: SectionResult | null = null;
  if (!want(8)) {
    // not asked for
  } else if (hasMarket) {
    progress('8. forecast track record over the whole market');
    const backtestStarted = performance.now();
    const backtest = runBacktest({ dataDir: dirname(MARKET_DIR) });
    section8 = backtestSection(backtest.json, (performance.now() - backtestStarted) / 1000);
  } else {
    section8 = skipped(8, 'Forecast track record', `${marketNote}.`);
  }

  // 9. A first visit on a phone: Lighthouse on a freshly started server each run, then the long tasks.
  let section9: SectionResult | null = null;
  if (want(9)) {
    const lighthouse: LighthouseRun[] = [];
    for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
      progress(`9. Lighthouse mobile, run ${run + 1}: a fresh server`);
      const fresh = await startServer();
      const result = await runLighthouse(`${fresh.baseURL}${FIRST_VISIT_PATH}`, os.loadavg()[0] ?? 0);
      await fresh.stop();
      progress(
        `9. performance ${result.performance}, TBT ${result.tbt.toFixed(0)} ms, LCP ${result.lcp.toFixed(0)} ms`,
      );
      lighthouse.push(result);
    }
    const fresh = await startServer();
    browser = await launchBrowser();
    const longTasks = await measureLongTasks(browser, fresh.baseURL, LONG_TASK_RUNS);
    await browser.close();
    browser = null;
    await fresh.stop();
    section9 = firstVisitSection({ lighthouse, longTasks });
  }

  // 10. The value as a range: the simulation in the page's worker, a draw and the tornado against full valuations.
  let section10: SectionResult | null = null;
  if (want(10)) {
    const fresh = await startServer();
    browser = await launchBrowser();
    section10 = uncertaintySection(await measureUncertainty(browser, fresh.baseURL));
    await browser.close();
    browser = null;
    await fresh.stop();
  }

  const runSeconds = (performance.now() - started) / 1000;
  const sections = [
    section1,
    section2,
    section3,
    section4,
    section5,
    section6,
    section7,
    section8,
    section9,
    section10,
  ].filter((section): section is SectionResult => section !== null);
  const document = benchmarkDocument(sections, machine, runSeconds);
  console.log(document);
  for (const line of verdictLines(sections)) progress(line);
  if (only) {
    progress('--only: docs/BENCHMARKS.md, which holds a whole run, is left as it is');
    return;
  }
  mkdirSync(join(REPO_ROOT, 'docs'), { recursive: true });
  writeFileSync(BENCHMARKS_FILE, `${document}\n`);
  progress(`done in ${(runSeconds / 60).toFixed(1)} min; wrote ${BENCHMARKS_FILE}`);
}

process.on('SIGINT', () => {
  cleanUp();
  process.exit(130);
});
try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
}
// Playwright's or autocannon's handles must not keep a finished run alive.
process.exit(process.exitCode ?? 0);
