import type { YearOverrides } from '../forecast/drivers.ts';
import type { CompanyStatements } from '../statements/items.ts';
import { type CompanyValuation, valueCompany } from '../valuation/company-valuation.ts';
import type { ValuationParameters, WaccAssumptions } from '../valuation/parameters.ts';
import {
  type DcfValuationView,
  dcfValuationView,
  type FcfRatioView,
  type FcfStructureView,
  type FinancialAnalysisView,
  fcfRatioView,
  fcfStructureView,
  financialAnalysisView,
} from './report-views.ts';

/**
 * Everything the model needs to value one company: what the server stores, and what a browser caches to
 * compute the same report offline.
 */
export interface CompanyBundle {
  readonly company: { readonly code: string; readonly name: string; readonly industry: string };
  readonly statements: CompanyStatements;
  readonly parameters: ValuationParameters;
  readonly overrides: YearOverrides;
  readonly waccAssumptions: WaccAssumptions;
  /** The server's change sequence when the bundle was read: a newer one means newer data. */
  readonly version: number;
}

/**
 * Values the bundle as of `asOf` ('YYYY-MM-DD', the caller's today: the engine reads no clock; null skips
 * the stale-report check). The company's industry decides a financial company or a property developer.
 */
export function valueBundle(bundle: CompanyBundle, asOf: string | null): CompanyValuation {
  return valueCompany({
    statements: bundle.statements,
    parameters: bundle.parameters,
    overrides: bundle.overrides,
    waccAssumptions: bundle.waccAssumptions,
    industry: bundle.company.industry,
    asOf,
  });
}

/** The four report modules of a company, or why the DCF could not be made. */
export interface CompanyReport {
  readonly company: CompanyBundle['company'];
  readonly financialAnalysis: FinancialAnalysisView;
  readonly fcfStructure: FcfStructureView;
  readonly fcfRatio: FcfRatioView;
  readonly dcf: DcfValuationView | null;
  readonly dcfError: string | null;
}

/**
 * The report of the analysis page, exactly as the API's report endpoints answer its modules, as of `asOf`
 * (see valueBundle).
 */
export function buildCompanyReport(bundle: CompanyBundle, asOf: string | null = null): CompanyReport {
  const valuation = valueBundle(bundle, asOf);
  return {
    company: bundle.company,
    financialAnalysis: financialAnalysisView(valuation),
    fcfStructure: fcfStructureView(valuation),
    fcfRatio: fcfRatioView(valuation),
    dcf: dcfValuationView(valuation),
    dcfError: valuation.error?.message ?? null,
  };
}
