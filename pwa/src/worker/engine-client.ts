import type { CompanyBundle, CompanyReport, WhatIf, WhatIfView } from '@fcf/engine';
import * as Comlink from 'comlink';
import type { EngineApi } from './engine.worker.ts';

let remote: Comlink.Remote<EngineApi> | null = null;

function engine(): Comlink.Remote<EngineApi> | null {
  if (remote) return remote;
  if (typeof Worker === 'undefined') return null;
  remote = Comlink.wrap<EngineApi>(new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' }));
  return remote;
}

/** The company's report, computed by the engine in the worker (in-thread where workers are missing). */
export async function computeReport(bundle: CompanyBundle): Promise<CompanyReport> {
  const worker = engine();
  if (worker) return worker.report(bundle);
  const { buildCompanyReport } = await import('@fcf/engine');
  return buildCompanyReport(bundle);
}

/** The custom valuation page's engine: one company loaded into the worker, what-ifs recomputed there. */
export interface WhatIfEngine {
  whatIf(whatIf: WhatIf): Promise<WhatIfView>;
  impliedGrowth(whatIf: WhatIf, price: number): Promise<{ growth: number } | { error: string }>;
}

export async function loadWhatIfEngine(bundle: CompanyBundle): Promise<WhatIfEngine> {
  const worker = engine();
  if (worker) {
    await worker.load(bundle);
    return {
      whatIf: (whatIf) => worker.whatIf(whatIf),
      impliedGrowth: (whatIf, price) => worker.impliedGrowth(whatIf, price),
    };
  }
  const { whatIfView, impliedGrowthFor } = await import('@fcf/engine');
  return {
    whatIf: async (whatIf) => whatIfView(bundle, whatIf),
    impliedGrowth: async (whatIf, price) => impliedGrowthFor(bundle, whatIf, price),
  };
}
