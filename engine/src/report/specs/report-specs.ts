import type { CompanyReport } from '../company-bundle.ts';
import { REPORT_MODULE_PATHS, type ReportModulePath } from '../report-views.ts';
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

/** Each report module's name, where no menu names it (the PDF's headings, the list of modules). */
export const REPORT_MODULE_TITLES: Record<ReportModulePath, string> = {
  'basic-info': '公司基本信息',
  'valuation-summary': '估值与股息',
  'roe-roic': 'ROE-ROIC 分析',
  growth: '成长能力',
  profitability: '盈利能力分析',
  risk: '抗风险能力',
  'industry-comparison': '行业对比',
  'fcf-structure': '自由现金流结构',
  'fcf-ratio': '自由现金流比率',
  'fcf-valuation': 'DCF 估值',
  sensitivity: '敏感性分析',
  'pe-valuation': 'PE估值',
};

/** The modules drawn from a HistoryModuleSpec (tables, notice, hints, charts); the other two have their own. */
export type HistoryModulePath = Exclude<ReportModulePath, 'fcf-valuation' | 'sensitivity'>;

const isHistoryModule = (path: ReportModulePath): path is HistoryModulePath =>
  path !== 'fcf-valuation' && path !== 'sensitivity';

/** The history modules before the valuation, in the default menu's order (the PDF's order). */
export const HISTORY_MODULE_ORDER: readonly HistoryModulePath[] = REPORT_MODULE_PATHS.slice(
  0,
  REPORT_MODULE_PATHS.indexOf('fcf-valuation'),
).filter(isHistoryModule);

/** The history modules after the valuation and its grid (PE估值, which sets multiples beside the DCF value). */
export const MODULES_AFTER_VALUATION: readonly HistoryModulePath[] = REPORT_MODULE_PATHS.slice(
  REPORT_MODULE_PATHS.indexOf('fcf-valuation'),
).filter(isHistoryModule);

/** A history module's spec: its tables and charts as data. */
export function historyModuleSpec(report: CompanyReport, path: HistoryModulePath): HistoryModuleSpec {
  switch (path) {
    case 'basic-info':
      return basicInfoSpec(report.basicInfo);
    case 'growth':
      return growthSpec(report.growth);
    case 'risk':
      return riskSpec(report.risk);
    case 'valuation-summary':
      return valuationSummarySpec(report.valuationSummary);
    case 'pe-valuation':
      return peValuationSpec(report.peValuation);
    case 'industry-comparison':
      return industryComparisonSpec(report.industryComparison);
    case 'roe-roic':
      return roeRoicSpec(report.financialAnalysis);
    case 'profitability':
      return profitabilitySpec(report.financialAnalysis);
    case 'fcf-structure':
      return fcfStructureSpec(report.fcfStructure);
    case 'fcf-ratio':
      return fcfRatioSpec(report.fcfRatio, report.fcfEvBasis);
  }
}
