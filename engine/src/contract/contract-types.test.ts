import { describe, expectTypeOf, it } from 'vitest';
import type * as z from 'zod/mini';
import type { DriverSource } from '../forecast/drivers.ts';
import type { ProfitabilityRow, ReturnsRow } from '../history/analytics.ts';
import type { FcfRatioSeries } from '../history/fcf-ratios.ts';
import type { FinancialYearRow } from '../history/financial-row.ts';
import type { BasicInfoView } from '../report/basic-info-view.ts';
import type { CompanyBundle } from '../report/company-bundle.ts';
import type { GrowthView } from '../report/growth-view.ts';
import type { IndustryComparisonView } from '../report/industry-comparison-view.ts';
import type { ModelValuationView } from '../report/model-valuation-view.ts';
import type { PeValuationView } from '../report/pe-valuation-view.ts';
import type {
  DcfValuationView,
  FcfRatioView,
  FcfStructureView,
  FinancialAnalysisView,
} from '../report/report-views.ts';
import type { RiskView } from '../report/risk-view.ts';
import type { ValuationSummaryView } from '../report/valuation-summary-view.ts';
import type {
  FinancialDataView,
  ForecastRowView,
  HistoricalRowView,
  MultiYearFcfEntry,
  ValuationParamsView,
  ValuationResultsView,
} from '../report/valuation-views.ts';
import type { Writable } from '../testing/writable.ts';
import type { DcfResult, EquityBridge } from '../valuation/dcf.ts';
import type { SensitivityGrid } from '../valuation/sensitivity.ts';
import type { BundleIndustries, bundleIndustriesAnswer } from './bundle-industries.ts';
import type {
  companyBundlesAnswer,
  PagedCompanyBundle,
  PageShared,
  pagedCompanyBundleSchema,
} from './company-bundle-pages.ts';
import type { companyBundleSchema } from './company-contract.ts';
import type {
  dcfResultSchema,
  driverSourceSchema,
  equityBridgeSchema,
  fcfRatioSeriesSchema,
  financialYearRowSchema,
  profitabilityRowSchema,
  returnsRowSchema,
  sensitivityGridSchema,
} from './model-schemas.ts';
import type { modelValuationViewSchema } from './model-valuation-contract.ts';
import type {
  dcfValuationViewSchema,
  fcfRatioViewSchema,
  fcfStructureViewSchema,
  financialAnalysisViewSchema,
} from './report-answers.ts';
import type {
  basicInfoViewSchema,
  growthViewSchema,
  industryComparisonViewSchema,
  riskViewSchema,
} from './section-answers.ts';
import type {
  financialDataViewSchema,
  forecastRowViewSchema,
  historicalRowViewSchema,
  multiYearFcfEntrySchema,
  valuationParamsViewSchema,
  valuationResultsViewSchema,
} from './valuation-contract.ts';
import type { peValuationViewSchema, valuationSummaryViewSchema } from './valuation-section-answers.ts';

/** What a schema parses to, readonly aside. */
type Parsed<Schema extends z.ZodMiniType> = Writable<z.output<Schema>>;

// Checked by the compiler (npm run typecheck): a schema and the model type it describes cannot drift.
describe('the contract’s schemas describe the engine’s types exactly', () => {
  it('the model’s rows and results', () => {
    expectTypeOf<Parsed<typeof financialYearRowSchema>>().toEqualTypeOf<Writable<FinancialYearRow>>();
    expectTypeOf<Parsed<typeof driverSourceSchema>>().toEqualTypeOf<DriverSource>();
    expectTypeOf<Parsed<typeof profitabilityRowSchema>>().toEqualTypeOf<Writable<ProfitabilityRow>>();
    expectTypeOf<Parsed<typeof returnsRowSchema>>().toEqualTypeOf<Writable<ReturnsRow>>();
    expectTypeOf<Parsed<typeof fcfRatioSeriesSchema>>().toEqualTypeOf<Writable<FcfRatioSeries>>();
    expectTypeOf<Parsed<typeof equityBridgeSchema>>().toEqualTypeOf<Writable<EquityBridge>>();
    expectTypeOf<Parsed<typeof dcfResultSchema>>().toEqualTypeOf<Writable<DcfResult>>();
    expectTypeOf<Parsed<typeof sensitivityGridSchema>>().toEqualTypeOf<Writable<SensitivityGrid>>();
  });

  it('the report modules', () => {
    expectTypeOf<Parsed<typeof financialAnalysisViewSchema>>().toEqualTypeOf<Writable<FinancialAnalysisView>>();
    expectTypeOf<Parsed<typeof dcfValuationViewSchema>>().toEqualTypeOf<Writable<DcfValuationView>>();
    expectTypeOf<Parsed<typeof modelValuationViewSchema>>().toEqualTypeOf<Writable<ModelValuationView>>();
    expectTypeOf<Parsed<typeof fcfStructureViewSchema>>().toEqualTypeOf<Writable<FcfStructureView>>();
    expectTypeOf<Parsed<typeof fcfRatioViewSchema>>().toEqualTypeOf<Writable<FcfRatioView>>();
    expectTypeOf<Parsed<typeof basicInfoViewSchema>>().toEqualTypeOf<Writable<BasicInfoView>>();
    expectTypeOf<Parsed<typeof growthViewSchema>>().toEqualTypeOf<Writable<GrowthView>>();
    expectTypeOf<Parsed<typeof riskViewSchema>>().toEqualTypeOf<Writable<RiskView>>();
    expectTypeOf<Parsed<typeof industryComparisonViewSchema>>().toEqualTypeOf<Writable<IndustryComparisonView>>();
    expectTypeOf<Parsed<typeof valuationSummaryViewSchema>>().toEqualTypeOf<Writable<ValuationSummaryView>>();
    expectTypeOf<Parsed<typeof peValuationViewSchema>>().toEqualTypeOf<Writable<PeValuationView>>();
  });

  it('the valuation pages’ views', () => {
    expectTypeOf<Parsed<typeof historicalRowViewSchema>>().toEqualTypeOf<Writable<HistoricalRowView>>();
    expectTypeOf<Parsed<typeof forecastRowViewSchema>>().toEqualTypeOf<Writable<ForecastRowView>>();
    expectTypeOf<Parsed<typeof financialDataViewSchema>>().toEqualTypeOf<Writable<FinancialDataView>>();
    expectTypeOf<Parsed<typeof valuationResultsViewSchema>>().toEqualTypeOf<Writable<ValuationResultsView>>();
    expectTypeOf<Parsed<typeof valuationParamsViewSchema>>().toEqualTypeOf<Writable<ValuationParamsView>>();
    expectTypeOf<Parsed<typeof multiYearFcfEntrySchema>>().toEqualTypeOf<Writable<MultiYearFcfEntry>>();
  });

  it('a parsed company bundle is the engine’s bundle (its years keyed by the strings JSON has)', () => {
    expectTypeOf<z.output<typeof companyBundleSchema>>().toExtend<CompanyBundle>();
    expectTypeOf<z.output<typeof pagedCompanyBundleSchema>>().toExtend<PagedCompanyBundle>();
  });

  it('a parsed page gives what bundleOfPage needs', () => {
    // Assignable, or this file does not compile.
    const shared = (data: z.output<typeof companyBundlesAnswer>['data']): PageShared => data;
    expectTypeOf(shared).toBeFunction();
    const industries = (data: z.output<typeof bundleIndustriesAnswer>['data']): BundleIndustries => data;
    expectTypeOf(industries).toBeFunction();
  });
});
