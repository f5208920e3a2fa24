import type { YearOverrides } from '../forecast/drivers.ts';
import { fcfEvPoints } from '../history/fcf-ratios.ts';
import { type PriceAgainstValue, priceAgainstValue } from '../market/price-against-value.ts';
import { valueFiguresOf } from '../market/value-figures.ts';
import type { CompanyStatements } from '../statements/items.ts';
import type { AdminChoices } from '../valuation/admin-choices.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { ShareSnapshot } from '../valuation/listed-shares.ts';
import { valueCompanyByModel } from '../valuation/models/model-choice.ts';
import type { ModelId } from '../valuation/models/model-types.ts';
import type { ValuationParameters, WaccAssumptions } from '../valuation/parameters.ts';
import type { PlatformSettings } from '../valuation/platform-settings.ts';
import { type BasicInfoView, basicInfoView } from './basic-info-view.ts';
import { bundleInput } from './bundle-input.ts';
import { type GrowthView, growthView } from './growth-view.ts';
import type { IndustryComparisonView } from './industry-comparison-view.ts';
import { type ModelValuationView, modelValuationView } from './model-valuation-view.ts';
import { type PeValuationView, peValuationView, type YearEndQuote } from './pe-valuation-view.ts';
import { quoteForReport } from './quote-slot.ts';
import { type RangeOf, rangeVerdictOf } from './range-verdict.ts';
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
import { financialSectionNotice, type SectionNotice } from './section-notice.ts';
import { type SummaryQuote, type ValuationSummaryView, valuationSummaryView } from './valuation-summary-view.ts';

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
  /** Where the company stands in its industry (computed by the server, which holds the whole market). */
  readonly industry_comparison?: IndustryComparisonView | null;
  /** The last quote snapshot of each year the server holds (PE估值's history); absent from older bundles. */
  readonly year_end_quotes?: readonly YearEndQuote[];
  /** The server's change sequence when the bundle was read: a newer one means newer data. */
  readonly version: number;
  /**
   * The model the server values the company by (the registry's choice, docs/model.md 15.1): the device's
   * `valueBundle` chooses the same. Absent from older bundles.
   */
  readonly model?: ModelId | null;
  /**
   * What an admin set for the whole platform (its default terminal value method), as the server values with
   * it; absent from older bundles (then the seed's).
   */
  readonly platform?: PlatformSettings | null;
  /** What an admin marked for the company (其他流动资产 as cash-like, …); absent from older bundles: the defaults. */
  readonly admin_choices?: AdminChoices;
}

/**
 * Values the bundle as of `asOf` ('YYYY-MM-DD', the caller's today: the engine reads no clock; null skips
 * the stale-report check) with the company's latest quote (its share count; see bundleListedShares), by the
 * model the registry chooses (valueCompanyByModel), as the server values it. The company's industry decides
 * a financial company or a property developer.
 */
export function valueBundle(
  bundle: CompanyBundle,
  asOf: string | null,
  quote: ShareSnapshot | null = null,
): CompanyValuation {
  return valueCompanyByModel(bundleInput(bundle, asOf, quote));
}

/** The report modules of a company, or why the DCF could not be made. */
export interface CompanyReport {
  readonly company: CompanyBundle['company'];
  readonly basicInfo: BasicInfoView;
  readonly growth: GrowthView;
  readonly risk: RiskView;
  /** Null when the bundle carries no industry data (cached before the server offered it). */
  readonly industryComparison: IndustryComparisonView | null;
  readonly valuationSummary: ValuationSummaryView;
  readonly peValuation: PeValuationView;
  readonly financialAnalysis: FinancialAnalysisView;
  readonly fcfStructure: FcfStructureView;
  readonly fcfRatio: FcfRatioView;
  /** Why the FCF structure and FCF ratios do not apply (a bank, insurer or broker), shown in their place. */
  readonly notices: Readonly<Record<'fcf-structure' | 'fcf-ratio', SectionNotice | null>>;
  /** The FCFF's DCF; null when the company is valued by another model or cannot be valued (`dcfError`). */
  readonly dcf: DcfValuationView | null;
  readonly dcfError: string | null;
  /** The value of a bank, insurer, broker or summary-only company: the excess-return model's; else null. */
  readonly model: ModelValuationView | null;
  /** Price against value, when the company has a quote. */
  readonly market: PriceAgainstValue | null;
  /** Which EV the FCF/EV ratio divides by: the market's when there is a price, else the model's. */
  readonly fcfEvBasis: FcfEvBasis;
}

export interface FcfEvBasis {
  readonly basis: 'market' | 'model';
  /** The ratio's name as the report shows it: 'FCF/市场EV（2024-12-31）' or 'FCF/模型EV'. */
  readonly label: string;
  /** The sentence that says which EV it is, under the charts and in the notes. */
  readonly note: string;
}

export const MODEL_EV_BASIS: FcfEvBasis = {
  basis: 'model',
  label: 'FCF/模型EV',
  note: 'FCF/EV 的企业价值为本报告DCF估算的企业价值（暂无行情）。',
};

function marketEvBasis(date: string): FcfEvBasis {
  return {
    basis: 'market',
    label: `FCF/市场EV（${date}）`,
    note: `FCF/EV 的企业价值为 ${date} 的市场EV：总市值加净负债（股权价值与企业价值之间各项的反向）。`,
  };
}

/** A company's latest quote and the day it is read on ('YYYY-MM-DD'), for price against value. */
export interface MarketContext {
  readonly quote: SummaryQuote | null;
  readonly today: string;
}

/**
 * The report of the analysis page, exactly as the API's report endpoints answer its modules, as of `asOf`
 * (the quote's day when there is one; see valueBundle), with price against value when quoted.
 */
export function buildCompanyReport(
  bundle: CompanyBundle,
  market?: MarketContext,
  asOf: string | null = market?.today ?? null,
  rangeOf: RangeOf = rangeVerdictOf,
): CompanyReport {
  const valuation = valueBundle(bundle, asOf, market?.quote ?? null);
  const quote = market?.quote;
  const priced = quote
    ? priceAgainstValue(
        quote,
        valueFiguresOf(valuation, valuation.statements.years[valuation.latestYear]),
        market.today,
      )
    : null;
  const marketEv = priced?.market_ev ?? null;
  const byMarket = priced !== null && marketEv !== null && marketEv > 0;
  const ratios = fcfRatioView(valuation);
  return {
    company: bundle.company,
    basicInfo: basicInfoView(valuation, bundle.company, quoteForReport(market?.quote)),
    growth: growthView(valuation, bundle.statements),
    risk: riskView(valuation, bundle.statements),
    industryComparison: bundle.industry_comparison ?? null,
    valuationSummary: valuationSummaryView(
      valuation,
      valuation.statements.years[valuation.latestYear],
      quote ?? null,
      market?.today ?? asOf ?? quote?.date ?? '',
      rangeOf(bundle, quote ?? null, asOf),
    ),
    peValuation: peValuationView(
      valuation,
      bundle.statements,
      bundle.year_end_quotes ?? [],
      bundle.industry_comparison ?? null,
      quote?.price ?? null,
    ),
    financialAnalysis: financialAnalysisView(valuation),
    fcfStructure: fcfStructureView(valuation),
    fcfRatio: byMarket
      ? { ...ratios, charts: { ...ratios.charts, fcf_ev_ratio: fcfEvPoints(valuation.history, marketEv) } }
      : ratios,
    notices: {
      'fcf-structure': financialSectionNotice(valuation, 'fcf-structure'),
      'fcf-ratio': financialSectionNotice(valuation, 'fcf-ratio'),
    },
    dcf: dcfValuationView(valuation),
    dcfError: valuation.error?.message ?? null,
    model: modelValuationView(valuation),
    market: priced,
    fcfEvBasis: byMarket ? marketEvBasis(priced.date) : MODEL_EV_BASIS,
  };
}
