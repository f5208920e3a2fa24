import type { CompanyBundle, CompanyReport } from '@fcf/engine';
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
