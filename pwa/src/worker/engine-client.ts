import type { RangeInputs, RangeScenario, UncertaintyStart } from '@fcf/engine';
import type {
  CompanyBundle,
  CompanyReport,
  CompareEntry,
  CompareView,
  LeverModelId,
  LeverValues,
  MarketContext,
  ModelCatalogueEntry,
  ModelChoices,
  ModelComparisonView,
  ModelWhatIfView,
  PageStart,
  RangeVerdict,
  ScenarioSummary,
  SimulationOutcome,
  WaccToolEdits,
  WaccToolView,
  WhatIf,
  WhatIfView,
} from '@fcf/engine/report';
import * as Comlink from 'comlink';
import type { EngineApi } from './engine.worker.ts';
import type { SimulationProgress, SimulationRequest } from './run-simulation.ts';

let remote: Comlink.Remote<EngineApi> | null = null;

/**
 * Names the engine's build, for results kept across visits: this module's own URL, which the production
 * build names by a hash of its content, and its content holds the worker's hashed file name below, so a new
 * engine gives a new name. In development every page load counts as a new build.
 */
export const ENGINE_BUILD = import.meta.env.DEV ? `${import.meta.url}#${Date.now()}` : import.meta.url;

/**
 * The engine's worker, started on first use. Every browser the app supports has module workers; the
 * engine is deliberately not bundled into the page itself (it would cost the first screen ~8 KB gzip).
 */
function engine(): Comlink.Remote<EngineApi> {
  if (remote) return remote;
  if (typeof Worker === 'undefined') throw new Error('此浏览器不支持 Web Worker，无法计算估值');
  remote = Comlink.wrap<EngineApi>(new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' }));
  return remote;
}

/**
 * Starts the engine's worker now, so fetching and evaluating its script overlaps the reads a report does
 * first (the company list and the bundle from IndexedDB) instead of following them.
 */
export function warmEngine(): void {
  try {
    engine();
  } catch {
    // No workers here: the report says so when it asks for the engine.
  }
}

/** The server's answer of a company's bundle checked against the contract in the worker; null when it fails. */
export function checkBundleAnswer(answer: unknown): Promise<CompanyBundle | null> {
  return engine().checkBundle(answer);
}

/** The company's report, computed by the engine in the worker, with price against value when quoted. */
export function computeReport(bundle: CompanyBundle, market?: MarketContext): Promise<CompanyReport> {
  return engine().report(bundle, market);
}

/** The company's range and verdict (docs/model.md, uncertainty), computed in the worker; null where none is given. */
export function computeRange(bundle: CompanyBundle, market?: MarketContext): Promise<RangeVerdict | null> {
  return engine().range(bundle, market);
}

/** The comparison of companies (2–5), computed by the engine in the worker. */
export function computeCompare(entries: readonly CompareEntry[]): Promise<CompareView> {
  return engine().compare(entries);
}

/** 估值模型: every model with its fit, formulas and levers (the registry stays in the worker). */
export function computeCatalogue(): Promise<ModelCatalogueEntry[]> {
  return engine().catalogue();
}

/** 估值模型: the company valued by every model that applies, computed by the engine in the worker. */
export function computeModels(bundle: CompanyBundle, market?: MarketContext): Promise<ModelComparisonView> {
  return engine().models(bundle, market);
}

/** The custom valuation page's engine: one company loaded into the worker, what-ifs recomputed there. */
export interface WhatIfEngine {
  whatIf(whatIf: WhatIf): Promise<WhatIfView>;
  impliedGrowth(whatIf: WhatIf, price: number): Promise<{ growth: number } | { error: string }>;
  /** The story model or excess returns with the reader's levers. */
  modelWhatIf(model: LeverModelId, levers: LeverValues): Promise<ModelWhatIfView>;
  modelChoices(): Promise<ModelChoices>;
  readonly uncertainty: UncertaintyEngine;
}

/** The range of the loaded company (docs/model.md, uncertainty), computed in the same worker. */
export interface UncertaintyEngine {
  start(): Promise<{ start: PageStart } | { error: string }>;
  summary(
    range: Pick<UncertaintyStart, 'model' | 'base'>,
    scenarios: readonly RangeScenario[],
    centre: RangeInputs,
    words: Readonly<Record<string, readonly string[]>>,
  ): Promise<ScenarioSummary>;
  /** Resolves null when `onProgress` answered false (cancelled). */
  simulate(request: SimulationRequest, onProgress: SimulationProgress): Promise<SimulationOutcome | null>;
}

export async function loadWhatIfEngine(bundle: CompanyBundle, market?: MarketContext): Promise<WhatIfEngine> {
  const worker = engine();
  await worker.load(bundle, market);
  return {
    whatIf: (whatIf) => worker.whatIf(whatIf),
    impliedGrowth: (whatIf, price) => worker.impliedGrowth(whatIf, price),
    uncertainty: {
      start: () => worker.uncertaintyStart(),
      summary: (range, scenarios, centre, words) => worker.scenarioSummary(range, scenarios, centre, words),
      simulate: (request, onProgress) => worker.simulate(request, Comlink.proxy(onProgress)),
    },
    modelWhatIf: (model, levers) => worker.modelWhatIf(model, levers),
    modelChoices: () => worker.modelChoices(),
  };
}

/** The WACC tool's engine: one company loaded into the worker, its WACC recomputed there for each edit. */
export async function loadWaccTool(
  bundle: CompanyBundle,
  market?: MarketContext,
): Promise<(edits: WaccToolEdits) => Promise<WaccToolView>> {
  const worker = engine();
  await worker.load(bundle, market);
  return (edits) => worker.waccTool(edits);
}
