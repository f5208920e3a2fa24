import type { CompanyReport } from '../company-bundle.ts';
import type { ReportModulePath } from '../report-views.ts';
import { fcfRatioSpec } from './fcf-ratio-spec.ts';
import { fcfStructureSpec } from './fcf-structure-spec.ts';
import { profitabilitySpec } from './profitability-spec.ts';
import { roeRoicSpec } from './roe-roic-spec.ts';
import type { HistoryModuleSpec } from './spec-types.ts';

/** Each report module's name, where no menu names it (the PDF's headings, the list of modules). */
export const REPORT_MODULE_TITLES: Record<ReportModulePath, string> = {
  'roe-roic': 'ROE-ROIC 分析',
  profitability: '盈利能力分析',
  'fcf-structure': '自由现金流结构',
  'fcf-ratio': '自由现金流比率',
  'fcf-valuation': 'DCF 估值',
};

export type HistoryModulePath = Exclude<ReportModulePath, 'fcf-valuation'>;

/** The spec of a history module of the report. */
export function historyModuleSpec(report: CompanyReport, path: HistoryModulePath): HistoryModuleSpec {
  switch (path) {
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
