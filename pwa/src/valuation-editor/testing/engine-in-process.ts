import { isValuationError, rangeModelOf, valuationDate } from '@fcf/engine';
import type {
  CompanyBundle,
  CompareEntry,
  CompareView,
  LeverModelId,
  LeverValues,
  MarketContext,
  ModelCatalogueEntry,
  ModelComparisonView,
  RangeVerdict,
  WhatIf,
} from '@fcf/engine/report';
import {
  cachedRangeOf,
  compareView,
  impliedGrowthFor,
  modelCatalogue,
  modelChoices,
  modelComparison,
  modelWhatIfView,
  rangeSummary,
  uncertaintyStart,
  whatIfView,
} from '@fcf/engine/report';
import type { WhatIfEngine } from '../../worker/engine-client.ts';
import { runSimulation } from '../../worker/run-simulation.ts';

/**
 * The worker's what-if engine run in the test's own thread (jsdom has no module workers), for page tests:
 * `vi.mock('…/worker/engine-client.ts', () => import('…/engine-in-process.ts'))`.
 */
export async function loadWhatIfEngine(bundle: CompanyBundle, market?: MarketContext): Promise<WhatIfEngine> {
  return {
    whatIf: async (whatIf: WhatIf) => whatIfView(bundle, whatIf),
    impliedGrowth: async (whatIf: WhatIf, price: number) => impliedGrowthFor(bundle, whatIf, price),
    uncertainty: {
      start: async () => {
        try {
          return { start: uncertaintyStart(bundle, market?.quote ?? null, market?.today ?? null) };
        } catch (error) {
          if (isValuationError(error)) return { error: error.message };
          throw error;
        }
      },
      summary: async (range, scenarios, centre, words) => rangeSummary(rangeModelOf(range), scenarios, centre, words),
      // Each step gives way to the page's other work, as the worker's message round trip does.
      simulate: (request, onProgress) =>
        runSimulation(request, async (taken, total) => {
          await new Promise((resolve) => setTimeout(resolve, 0));
          return onProgress(taken, total);
        }),
    },
    modelWhatIf: async (model: LeverModelId, levers: LeverValues) => modelWhatIfView(bundle, model, levers),
    modelChoices: async () => modelChoices(bundle),
  };
}

/** Each company's range drawn once, as the worker keeps it. */
const rangeOf = cachedRangeOf();

export async function computeRange(bundle: CompanyBundle, market?: MarketContext): Promise<RangeVerdict | null> {
  return rangeOf(bundle, market?.quote ?? null, valuationDate(new Date()));
}

export async function computeCompare(entries: readonly CompareEntry[]): Promise<CompareView> {
  return compareView(entries, rangeOf);
}

export async function computeModels(bundle: CompanyBundle, market?: MarketContext): Promise<ModelComparisonView> {
  return modelComparison(bundle, market);
}

export async function computeCatalogue(): Promise<ModelCatalogueEntry[]> {
  return modelCatalogue();
}
