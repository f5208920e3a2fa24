import {
  createAnalyticsCache,
  isValuationError,
  type RangeInputs,
  type RangeScenario,
  rangeModelOf,
  type UncertaintyStart,
  valuationDate,
} from '@fcf/engine';
import { companyBundleAnswer } from '@fcf/engine/contract';
import {
  buildCompanyReport,
  bundleListedShares,
  type CompanyBundle,
  type CompareEntry,
  cachedRangeOf,
  compareView,
  impliedGrowthFor,
  type LeverModelId,
  type LeverValues,
  type MarketContext,
  modelCatalogue,
  modelChoices,
  modelComparison,
  modelWhatIfView,
  type PageStart,
  rangeSummary,
  rangeVerdictOf,
  uncertaintyStart,
  type WaccToolEdits,
  type WhatIf,
  waccToolView,
  whatIfView,
} from '@fcf/engine/report';
import * as Comlink from 'comlink';
import { safeParse } from 'zod/mini';
import { runSimulation, type SimulationProgress, type SimulationRequest } from './run-simulation.ts';

let loaded: CompanyBundle | null = null;
let loadedMarket: MarketContext | undefined;
let cache = createAnalyticsCache();
/** The range (10,000 draws) of each company drawn once per bundle version, quote and day. */
const rangeOf = cachedRangeOf();

/** The valuation engine off the main thread: typed handlers, one per thing the pages ask for. */
const engineApi = {
  /** A company's bundle as the server answered it, checked against the contract here, off the page's thread. */
  checkBundle(answer: unknown): CompanyBundle | null {
    const parsed = safeParse(companyBundleAnswer, answer);
    return parsed.success ? parsed.data.data : null;
  },
  report(bundle: CompanyBundle, market?: MarketContext) {
    return buildCompanyReport(bundle, market, valuationDate(new Date()), rangeOf);
  },
  /** 公司数据对比: the companies side by side, each valued as its report is. */
  compare(entries: readonly CompareEntry[]) {
    return compareView(entries, rangeOf);
  },
  /** 估值模型: every model of the registry, its fit, formulas and levers. */
  catalogue() {
    return modelCatalogue();
  },
  /** 估值模型: the company valued by every model of the registry that applies. */
  models(bundle: CompanyBundle, market?: MarketContext) {
    return modelComparison(bundle, market, valuationDate(new Date()));
  },
  /** The range and verdict as the report shows them (the server's default scenarios and seed). */
  range(bundle: CompanyBundle, market?: MarketContext) {
    return rangeVerdictOf(bundle, market?.quote ?? null, valuationDate(new Date()));
  },
  /** Keeps the last bundle, so an edit sends only the what-if across the worker boundary. */
  load(bundle: CompanyBundle, market?: MarketContext) {
    loaded = bundle;
    loadedMarket = market;
    cache = createAnalyticsCache();
  },
  whatIf(whatIf: WhatIf) {
    if (!loaded) throw new Error('no company loaded');
    return whatIfView(loaded, { ...whatIf, asOf: valuationDate(new Date()) }, cache, loadedMarket);
  },
  /** The WACC tool for the loaded company with the reader's edits of its inputs. */
  waccTool(edits: WaccToolEdits) {
    if (!loaded) throw new Error('no company loaded');
    return waccToolView(loaded, edits, cache, {
      asOf: valuationDate(new Date()),
      listedShares: bundleListedShares(loaded, loadedMarket?.quote),
    });
  },
  /** Where the range starts for the loaded company (docs/model.md, uncertainty), or why it cannot be given. */
  uncertaintyStart(): { start: PageStart } | { error: string } {
    if (!loaded) throw new Error('no company loaded');
    try {
      return { start: uncertaintyStart(loaded, loadedMarket?.quote ?? null, valuationDate(new Date())) };
    } catch (error) {
      if (isValuationError(error)) return { error: error.message };
      throw error;
    }
  },
  scenarioSummary(
    range: Pick<UncertaintyStart, 'model' | 'base'>,
    scenarios: readonly RangeScenario[],
    centre: RangeInputs,
    words: Readonly<Record<string, readonly string[]>>,
  ) {
    return rangeSummary(rangeModelOf(range), scenarios, centre, words);
  },
  simulate(request: SimulationRequest, onProgress: SimulationProgress) {
    return runSimulation(request, onProgress);
  },
  /** The loaded company's default model, and why the others do not fit. */
  modelChoices() {
    if (!loaded) throw new Error('no company loaded');
    return modelChoices(loaded);
  },
  /** The loaded company by the story model or excess returns, with the reader's levers. */
  modelWhatIf(model: LeverModelId, levers: LeverValues) {
    if (!loaded) throw new Error('no company loaded');
    return modelWhatIfView(loaded, model, levers, loadedMarket, valuationDate(new Date()));
  },
  impliedGrowth(whatIf: WhatIf, price: number) {
    if (!loaded) throw new Error('no company loaded');
    return impliedGrowthFor(loaded, whatIf, price, cache, loadedMarket);
  },
};

export type EngineApi = typeof engineApi;

Comlink.expose(engineApi);
