import type { YearOverrides } from '../forecast/drivers.ts';
import { type MarketQuote, type PriceAgainstValue, priceAgainstValue } from '../market/price-against-value.ts';
import { valueFiguresOf } from '../market/value-figures.ts';
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

export function valueBundle(bundle: CompanyBundle): CompanyValuation {
  return valueCompany({
    statements: bundle.statements,
    parameters: bundle.parameters,
    overrides: bundle.overrides,
    waccAssumptions: bundle.waccAssumptions,
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
  /** Price against value, when the company has a quote. */
  readonly market: PriceAgainstValue | null;
}

/** A company's latest quote and the day it is read on ('YYYY-MM-DD'), for price against value. */
export interface MarketContext {
  readonly quote: MarketQuote | null;
  readonly today: string;
}

/** The report of the analysis page, exactly as the API's report endpoints answer its modules. */
export function buildCompanyReport(bundle: CompanyBundle, market?: MarketContext): CompanyReport {
  const valuation = valueBundle(bundle);
  const figures = market?.quote ? valueFiguresOf(valuation, bundle.statements.years[valuation.latestYear]) : null;
  return {
    company: bundle.company,
    financialAnalysis: financialAnalysisView(valuation),
    fcfStructure: fcfStructureView(valuation),
    fcfRatio: fcfRatioView(valuation),
    dcf: dcfValuationView(valuation),
    dcfError: valuation.error?.message ?? null,
    market: market?.quote && figures ? priceAgainstValue(market.quote, figures, market.today) : null,
  };
}
