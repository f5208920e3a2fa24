import type { CompanyBundle } from '../report/company-bundle.ts';
import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from '../valuation/parameters.ts';
import { ICBC } from './icbc.ts';
import { SAMPLE_COMPANY } from './sample-company.ts';

/** A bundle as the server sends it; `beta` for a bank's CAPM inputs (金融业 0.9, fixtures/industry-betas.json). */
export function bundleOf(statements: CompanyBundle['statements'], industry: string, beta?: number): CompanyBundle {
  return {
    company: { code: statements.code, name: statements.name, industry },
    statements,
    parameters: NO_MANUAL_PARAMETERS,
    overrides: {},
    waccAssumptions: beta === undefined ? WACC_ASSUMPTIONS : { ...WACC_ASSUMPTIONS, beta, betaIndustry: '金融业' },
    version: 1,
  };
}

/** The sample industrial company, and 工商银行 as its bundle reaches a browser. */
export const SAMPLE_COMPANY_BUNDLE = bundleOf(SAMPLE_COMPANY, '家用电器');
export const ICBC_BUNDLE = bundleOf(ICBC, '货币金融服务', 0.9);
