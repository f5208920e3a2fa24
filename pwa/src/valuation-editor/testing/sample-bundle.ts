import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from '@fcf/engine';
import type { CompanyListItem } from '@fcf/engine/contract';
import type { CompanyBundle } from '@fcf/engine/report';
import { SAMPLE_COMPANY } from '../../../../engine/src/testing/sample-company.ts';

/** The engine's hand-worked sample company (2021–2024, forecast 2025E–2029E) as a cached bundle. */
export function sampleBundle(code = SAMPLE_COMPANY.code, name = SAMPLE_COMPANY.name): CompanyBundle {
  return {
    company: { code, name, industry: '家用电器' },
    statements: { ...SAMPLE_COMPANY, code, name },
    parameters: NO_MANUAL_PARAMETERS,
    overrides: {},
    waccAssumptions: WACC_ASSUMPTIONS,
    version: 1,
  };
}

export function listItem(bundle: CompanyBundle): CompanyListItem {
  const { code, name, industry } = bundle.company;
  return { id: code, code, name, industry, has_forecast_data: true };
}
