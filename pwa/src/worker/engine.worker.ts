import { buildCompanyReport, type CompanyBundle } from '@fcf/engine';
import * as Comlink from 'comlink';

/** The valuation engine off the main thread: typed handlers, one per thing the pages ask for. */
const engineApi = {
  report(bundle: CompanyBundle) {
    return buildCompanyReport(bundle);
  },
};

export type EngineApi = typeof engineApi;

Comlink.expose(engineApi);
