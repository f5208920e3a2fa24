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

/**
 * 样本公司 with only the financial summary's lines (主要财务指标: no cost lines, cash flows or balance-sheet
 * detail), as the market's summaries reach a browser: valued by excess returns, never by the FCFF.
 */
export const SUMMARY_ONLY_BUNDLE = bundleOf(
  {
    ...SAMPLE_COMPANY,
    years: Object.fromEntries(
      Object.entries(SAMPLE_COMPANY.years).map(([year, figures]) => [
        year,
        {
          operating_revenue: figures.operating_revenue,
          operating_profit: (figures.total_profit ?? 0) + 1,
          total_profit: figures.total_profit,
          net_profit_parent: figures.net_profit_parent,
          parent_equity: 50,
          weighted_roe_percent: 12,
        },
      ]),
    ),
  },
  '制造业',
);
