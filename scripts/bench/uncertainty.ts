/**
 * Section 10: the value as a range (docs/model.md section 16). 10,000 draws of 美的集团 in the custom page's
 * worker in Chromium (the page's own `mc-run` measure, request to result), and, on the same bundle in Node,
 * one draw against one full valuation and the tornado against 30 full valuations, as ratios.
 */
import {
  DEFAULT_DRAWS,
  STORY_MODEL,
  type StoryInputs,
  simulate,
  storyStartOf,
  storyValuation,
  tornado,
  valueCompany,
} from '@fcf/engine';
import { companyBundleAnswer, quoteAnswer } from '@fcf/engine/contract';
import { bundleInput, type CompanyBundle, uncertaintyStart } from '@fcf/engine/report';
import type { Browser } from 'playwright-core';
import { newPage } from '../../pwa/e2e/browser.ts';
import { COMPANY } from './browser.ts';
import { type Row, type SectionResult, verdict } from './report.ts';
import { formatMicros, formatMillis, formatRatio, median, progress, timeBatches } from './stats.ts';

const CODE = '000333';
const BROWSER_RUNS = 9;
const NODE_RUNS = 9;
const BROWSER_TARGET_MS = 100;
const DRAW_RATIO_TARGET = 0.25;
const TORNADO_TARGET = 30;
const PLAN = { callsPerBatch: 200, warmupBatches: 3, measuredBatches: 15 };

export interface UncertaintyFigures {
  readonly browserMillis: readonly number[];
  readonly nodeSimulationMillis: readonly number[];
  readonly storyMicros: number;
  readonly fcffMicros: number;
  readonly companyStoryMicros: number;
  readonly tornadoMicros: number;
}

async function bundleOf(baseURL: string): Promise<{
  bundle: CompanyBundle;
  quote: { price: number; date: string; market_cap: number | null; shares: number | null } | null;
}> {
  const bundle = companyBundleAnswer.parse(
    await (await fetch(`${baseURL}/api/data/company-bundle/${CODE}`)).json(),
  ).data;
  const quoteResponse = await fetch(`${baseURL}/api/data/quotes/${CODE}`);
  const quote = quoteResponse.ok ? quoteAnswer.parse(await quoteResponse.json()).data : null;
  const years = Object.fromEntries(
    Object.entries(bundle.statements.years).map(([year, figures]) => [Number(year), figures]),
  );
  return { bundle: { ...bundle, statements: { ...bundle.statements, years } } as CompanyBundle, quote };
}

async function inChromium(browser: Browser, baseURL: string): Promise<number[]> {
  progress(`10. range: ${BROWSER_RUNS} simulations of ${DEFAULT_DRAWS} draws in the custom page's worker`);
  const { context, page } = await newPage(browser, baseURL);
  await page.goto(`/valuation-custom?company=${encodeURIComponent(COMPANY)}`);
  await page.getByTestId('verdict').waitFor({ timeout: 60_000 });
  await page.locator('.unc-settings summary').click();
  const seed = page.locator('input[aria-label="随机种子"]');
  const runs = async (count: number) => {
    for (let index = 0; index < count; index++) {
      const before = await page.evaluate(() => performance.getEntriesByName('mc-run').length);
      await seed.fill(String(1000 + index));
      await seed.press('Enter');
      await page.waitForFunction((n) => performance.getEntriesByName('mc-run').length > (n as number), before, {
        timeout: 30_000,
      });
    }
  };
  await runs(2);
  await page.evaluate(() => performance.clearMeasures('mc-run'));
  await runs(BROWSER_RUNS);
  const millis = await page.evaluate(() => performance.getEntriesByName('mc-run').map((entry) => entry.duration));
  await context.close();
  return millis;
}

export async function measureUncertainty(browser: Browser, baseURL: string): Promise<UncertaintyFigures> {
  const browserMillis = await inChromium(browser, baseURL);
  progress('10. range: a draw, the tornado and full valuations in Node, on the same bundle');
  const { bundle, quote } = await bundleOf(baseURL);
  const start = storyStartOf(uncertaintyStart(bundle, quote, null));
  const centre = start.scenarios[1]?.inputs ?? start.scenarios[0]?.inputs;
  if (!centre) throw new Error('no scenario');
  const settings = { draws: DEFAULT_DRAWS, seed: 1, spreads: start.spreads.spreads };
  const nodeSimulationMillis: number[] = [];
  for (let run = 0; run < NODE_RUNS + 2; run++) {
    const began = performance.now();
    simulate(start.base, centre, { ...settings, seed: run }, quote?.price ?? null);
    if (run >= 2) nodeSimulationMillis.push(performance.now() - began);
  }
  const base: StoryInputs = start.base;
  const input = bundleInput(bundle, null, quote);
  const story = timeBatches(() => storyValuation(base).equity_value, PLAN);
  const fcff = timeBatches(() => valueCompany({ ...input, sensitivity: false }).parameters.wacc, PLAN);
  const companyStory = timeBatches(() => STORY_MODEL.value(input).equity_value, PLAN);
  const bars = timeBatches(() => tornado(base, centre).bars.length, PLAN);
  return {
    browserMillis,
    nodeSimulationMillis,
    storyMicros: median(story.perCallMicros),
    fcffMicros: median(fcff.perCallMicros),
    companyStoryMicros: median(companyStory.perCallMicros),
    tornadoMicros: median(bars.perCallMicros),
  };
}

export function uncertaintySection(figures: UncertaintyFigures): SectionResult {
  const browser = median(figures.browserMillis);
  const node = median(figures.nodeSimulationMillis);
  const drawMicros = (node * 1000) / DEFAULT_DRAWS;
  // A full valuation is what a simulation without the lean path would repeat per draw: the model registry
  // valuing the company from its bundle (drivers, history, the model's table). The story formula alone on
  // ready inputs is shown beside it: the lean path does that same arithmetic, so a draw cannot be below it.
  const full = figures.companyStoryMicros;
  const drawRatio = drawMicros / full;
  const tornadoInFull = figures.tornadoMicros / full;
  const rows: Row[] = [
    {
      benchmark: `${DEFAULT_DRAWS.toLocaleString('en-US')} draws of ${COMPANY} in the page's worker (Chromium)`,
      measured: formatMillis(browser),
      spread: `runs: ${figures.browserMillis.map((value) => value.toFixed(0)).join(', ')}`,
      reference: `Node ${formatMillis(node)}`,
      ratio: formatRatio(browser / node),
      target: `median < ${BROWSER_TARGET_MS} ms`,
      verdict: verdict(browser < BROWSER_TARGET_MS),
      notes:
        'the `mc-run` measure: request to the result back on the page, including the progress round trips every 500 draws',
    },
    {
      benchmark: "One draw ÷ one full valuation (the company's story model from its bundle)",
      measured: formatMicros(drawMicros),
      spread: `the story formula alone on ready inputs ${formatMicros(figures.storyMicros)}`,
      reference: `full ${formatMicros(full)} (the FCFF ${formatMicros(figures.fcffMicros)})`,
      ratio: formatRatio(drawRatio),
      target: `≤ ${DRAW_RATIO_TARGET}×`,
      verdict: verdict(drawRatio <= DRAW_RATIO_TARGET),
      notes: 'a draw: six normals, the drivers set on a reused object, the lean path (docs/model.md section 16)',
    },
    {
      benchmark: 'The tornado (12 nudged valuations and the centre) ÷ one full valuation',
      measured: formatMicros(figures.tornadoMicros),
      spread: '—',
      reference: `full ${formatMicros(full)}`,
      ratio: formatRatio(tornadoInFull),
      target: `≤ ${TORNADO_TARGET} full valuations`,
      verdict: verdict(tornadoInFull <= TORNADO_TARGET),
      notes: `${PLAN.measuredBatches} batches × ${PLAN.callsPerBatch} calls`,
    },
  ];
  const missed = [
    ...(browser < BROWSER_TARGET_MS
      ? []
      : [
          {
            what: `${DEFAULT_DRAWS} draws took ${formatMillis(browser)}`,
            cause: 'the lean path and the generator per draw; see the Node reference',
          },
        ]),
    ...(drawRatio <= DRAW_RATIO_TARGET
      ? []
      : [{ what: `a draw took ${formatRatio(drawRatio)} of a full valuation`, cause: 'the lean path per draw' }]),
    ...(tornadoInFull <= TORNADO_TARGET
      ? []
      : [{ what: `the tornado took ${formatRatio(tornadoInFull)} full valuations`, cause: 'its nudged valuations' }]),
  ];
  return {
    number: 10,
    title: 'The value as a range',
    method: `The real server on the sample data and Chromium on the built app: the custom valuation page of ${COMPANY} re-runs its simulation (${DEFAULT_DRAWS.toLocaleString('en-US')} draws, a new seed each time) ${BROWSER_RUNS} times after 2 warm-ups. In Node, on the bundle and quote the server answers, the same simulation ${NODE_RUNS} times, one draw against one full valuation of the company by the story model from its bundle (the story formula alone on ready inputs beside it), and the tornado against the same full valuation.`,
    rows,
    missed,
  };
}
