import { describe, expect, it } from 'vitest';
import { buildCompanyReport, type CompanyBundle } from '../report/company-bundle.ts';
import { NO_WHAT_IF, whatIfView } from '../report/what-if.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from '../valuation/parameters.ts';
import { companyBundleSchema } from './company-contract.ts';
import { companyValuationViewSchema } from './model-valuation-contract.ts';
import {
  dcfValuationViewSchema,
  fcfRatioViewSchema,
  fcfStructureViewSchema,
  financialAnalysisViewSchema,
} from './report-answers.ts';
import { financialDataViewSchema, valuationParamsViewSchema } from './valuation-contract.ts';

const bundle: CompanyBundle = {
  company: { code: '000001', name: '样本公司', industry: '制造业' },
  statements: SAMPLE_COMPANY,
  parameters: NO_MANUAL_PARAMETERS,
  overrides: { 2026: { da_ratio: 0.06 } },
  waccAssumptions: WACC_ASSUMPTIONS,
  version: 1,
};

/** The bundle as it travels: JSON, so year keys are strings. */
const overTheWire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('what the engine builds passes the contract it is sent under', () => {
  it('the company bundle, and it still values the same after the round trip', () => {
    const parsed = companyBundleSchema.parse(overTheWire(bundle));
    expect(buildCompanyReport(parsed).dcf?.valuation).toEqual(buildCompanyReport(bundle).dcf?.valuation);
  });

  it('the four report modules', () => {
    const report = buildCompanyReport(bundle);
    expect(financialAnalysisViewSchema.parse(overTheWire(report.financialAnalysis))).toEqual(report.financialAnalysis);
    expect(dcfValuationViewSchema.parse(overTheWire(report.dcf))).toEqual(report.dcf);
    expect(fcfStructureViewSchema.parse(overTheWire(report.fcfStructure))).toEqual(report.fcfStructure);
    expect(fcfRatioViewSchema.parse(overTheWire(report.fcfRatio))).toEqual(report.fcfRatio);
  });

  it('a company’s value by either model, told apart by `model`', () => {
    const bank = buildCompanyReport({ ...bundle, company: { ...bundle.company, industry: '金融业' } });
    expect(bank.model?.model).toBe('excess_return');
    expect(companyValuationViewSchema.parse(overTheWire(bank.model))).toEqual(bank.model);
    const industrial = buildCompanyReport(bundle);
    expect(companyValuationViewSchema.parse(overTheWire(industrial.dcf))).toEqual(industrial.dcf);
  });

  it('the valuation pages’ data and parameters', () => {
    const view = whatIfView(bundle, NO_WHAT_IF);
    expect(financialDataViewSchema.parse(overTheWire(view.financialData))).toEqual(view.financialData);
    expect(valuationParamsViewSchema.parse(overTheWire(view.params))).toEqual(view.params);
  });

  it('refuses a bundle whose override is not a number, or whose year is not a year', () => {
    const notANumber = { ...bundle, overrides: { 2026: { da_ratio: '0.1' } } };
    expect(companyBundleSchema.safeParse(overTheWire(notANumber)).success).toBe(false);
    const notAYear = { ...bundle, overrides: { next: { da_ratio: 0.1 } } };
    expect(companyBundleSchema.safeParse(overTheWire(notAYear)).success).toBe(false);
  });
});
