import type { YearOverrides } from '../forecast/drivers.ts';
import type { CompanyStatements } from '../statements/items.ts';
import { type CompanyValuation, valueCompany } from '../valuation/company-valuation.ts';
import type { ValuationParameters, WaccAssumptions } from '../valuation/parameters.ts';
import { type BasicInfoView, basicInfoView } from './basic-info-view.ts';
import { type GrowthView, growthView } from './growth-view.ts';
import { quoteForReport } from './quote-slot.ts';
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
import { type RiskView, riskView } from './risk-view.ts';

/** Where and since when a company is listed, and its 国标 division (the market lists). */
export interface CompanyListing {
  readonly market: string | null;
  /** 'YYYY-MM-DD'. */
  readonly listed_on: string | null;
  /** 'C38'. */
  readonly industry_code: string | null;
  readonly sub_industry: string | null;
}

/**
 * Everything the model needs to value one company: what the server stores, and what a browser caches to
 * compute the same report offline.
 */
export interface CompanyBundle {
  readonly company: {
    readonly code: string;
    readonly name: string;
    readonly industry: string;
    /** Absent from bundles cached before the market lists were read. */
    readonly listing?: CompanyListing | null;
  };
  readonly statements: CompanyStatements;
  readonly parameters: ValuationParameters;
  readonly overrides: YearOverrides;
  readonly waccAssumptions: WaccAssumptions;
  /** The server's change sequence when the bundle was read: a newer one means newer data. */
  readonly version: number;
}

export function valueBundle(bundle: CompanyBundle): CompanyValuation {
  return valueCompany({
    statements: bundle.statements,
    parameters: bundle.parameters,
    overrides: bundle.overrides,
    waccAssumptions: bundle.waccAssumptions,
  });
}

/** The report modules of a company, or why the DCF could not be made. */
export interface CompanyReport {
  readonly company: CompanyBundle['company'];
  readonly basicInfo: BasicInfoView;
  readonly growth: GrowthView;
  readonly risk: RiskView;
  readonly financialAnalysis: FinancialAnalysisView;
  readonly fcfStructure: FcfStructureView;
  readonly fcfRatio: FcfRatioView;
  readonly dcf: DcfValuationView | null;
  readonly dcfError: string | null;
}

/** The report of the analysis page, exactly as the API's report endpoints answer its modules. */
export function buildCompanyReport(bundle: CompanyBundle): CompanyReport {
  const valuation = valueBundle(bundle);
  return {
    company: bundle.company,
    basicInfo: basicInfoView(valuation, bundle.company, quoteForReport(bundle)),
    growth: growthView(valuation, bundle.statements),
    risk: riskView(valuation, bundle.statements),
    financialAnalysis: financialAnalysisView(valuation),
    fcfStructure: fcfStructureView(valuation),
    fcfRatio: fcfRatioView(valuation),
    dcf: dcfValuationView(valuation),
    dcfError: valuation.error?.message ?? null,
  };
}
