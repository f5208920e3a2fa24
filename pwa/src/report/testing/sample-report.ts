import { type ValuationParameters, WACC_ASSUMPTIONS } from '@fcf/engine';
import { buildCompanyReport, type CompanyBundle, type CompanyReport } from '@fcf/engine/report';
import { SAMPLE_COMPANY } from '../../../../engine/src/testing/sample-company.ts';

/**
 * The engine's hand-worked sample company (2021–2024, 5 forecast years) valued at a manual WACC of 9%,
 * or at the given parameters.
 */
export function sampleReport(parameters: Partial<ValuationParameters> = {}): CompanyReport {
  return buildCompanyReport(sampleBundle(parameters));
}

/** The bundle `sampleReport` is computed from (`code` and `version` as asked). */
export function sampleBundle(
  parameters: Partial<ValuationParameters> = {},
  { code = SAMPLE_COMPANY.code, version = 1 }: { code?: string; version?: number } = {},
): CompanyBundle {
  return {
    company: { code, name: SAMPLE_COMPANY.name, industry: '其他' },
    statements: SAMPLE_COMPANY,
    parameters: { wacc_manual: 0.09, terminal_growth_rate_manual: null, total_shares_manual: null, ...parameters },
    overrides: {},
    waccAssumptions: WACC_ASSUMPTIONS,
    version,
  };
}
