import type { CompanyReport } from '../company-bundle.ts';
import {
  type HistoryModulePath,
  REPORT_MODULE_PATHS,
  REPORT_SECTIONS,
  type ReportModulePath,
} from '../report-sections.ts';
import { basicInfoSpec } from './basic-info-spec.ts';
import { fcfRatioSpec } from './fcf-ratio-spec.ts';
import { fcfStructureSpec } from './fcf-structure-spec.ts';
import { growthSpec } from './growth-spec.ts';
import { industryComparisonSpec } from './industry-comparison-spec.ts';
import { peValuationSpec } from './pe-valuation-spec.ts';
import { profitabilitySpec } from './profitability-spec.ts';
import { riskSpec } from './risk-spec.ts';
import { roeRoicSpec } from './roe-roic-spec.ts';
import type { HistoryModuleSpec } from './spec-types.ts';
import { valuationSummarySpec } from './valuation-summary-spec.ts';

const isHistoryModule = (path: ReportModulePath): path is HistoryModulePath =>
  REPORT_SECTIONS.some((section) => section.path === path && section.kind === 'history');

/** The history modules before the valuation, in the default menu's order (the PDF's order). */
export const HISTORY_MODULE_ORDER: readonly HistoryModulePath[] = REPORT_MODULE_PATHS.slice(
  0,
  REPORT_MODULE_PATHS.indexOf('fcf-valuation'),
).filter(isHistoryModule);

/** The history modules after the valuation and its grid (PE估值, which sets multiples beside the DCF value). */
export const MODULES_AFTER_VALUATION: readonly HistoryModulePath[] = REPORT_MODULE_PATHS.slice(
  REPORT_MODULE_PATHS.indexOf('fcf-valuation'),
).filter(isHistoryModule);

/** Each history section's spec builder: its tables and charts as data, from the computed report. */
const HISTORY_SPECS: Readonly<Record<HistoryModulePath, (report: CompanyReport) => HistoryModuleSpec>> = {
  'basic-info': (report) => basicInfoSpec(report.basicInfo),
  'valuation-summary': (report) => valuationSummarySpec(report.valuationSummary),
  'roe-roic': (report) => roeRoicSpec(report.financialAnalysis),
  growth: (report) => growthSpec(report.growth),
  profitability: (report) => profitabilitySpec(report.financialAnalysis),
  risk: (report) => riskSpec(report.risk),
  'industry-comparison': (report) => industryComparisonSpec(report.industryComparison),
  'fcf-structure': (report) => fcfStructureSpec(report.fcfStructure),
  'fcf-ratio': (report) => fcfRatioSpec(report.fcfRatio, report.fcfEvBasis),
  'pe-valuation': (report) => peValuationSpec(report.peValuation),
};

/** A history module's spec: its tables and charts as data. */
export function historyModuleSpec(report: CompanyReport, path: HistoryModulePath): HistoryModuleSpec {
  return HISTORY_SPECS[path](report);
}
