import { fromStatements, latestReportedYear, reportedYears } from '../../history/historical-rows.ts';
import { fullStatementsBase } from '../../history/newer-summaries.ts';
import type { StatementYear } from '../../statements/items.ts';
import { type CompanyClassification, classifyCompany } from '../company-kind.ts';
import { isSummaryOnly } from '../company-valuation.ts';
import type { ModelContext } from './model-types.ts';

/** What the models' `fits` decide on, read once from a company's statements and industry. */
export interface CompanyFacts {
  /** The latest reported year (positive revenue); null when the company has none. */
  readonly latestYear: number | null;
  readonly latest: StatementYear;
  readonly classification: CompanyClassification;
  /** The latest three reported years all come from the financial summary alone. */
  readonly summaryOnly: boolean;
  /** The latest reported year has the statements (an operating cost line), not only the summary. */
  readonly latestFromStatements: boolean;
}

export function companyFacts({ statements: given, industry }: ModelContext): CompanyFacts {
  // A company with full statements is judged on them, as the FCFF values it (newer-summaries.ts).
  const { statements } = fullStatementsBase(given);
  const latestYear = latestReportedYear(statements);
  const latest = (latestYear === null ? undefined : statements.years[latestYear]) ?? {};
  const bases = reportedYears(statements).map((year) => ({
    basis: fromStatements(statements.years[year] ?? {}) ? ('statements' as const) : ('summary' as const),
  }));
  return {
    latestYear,
    latest,
    classification: classifyCompany(industry, latest),
    summaryOnly: bases.length > 0 && isSummaryOnly(bases),
    latestFromStatements: latestYear !== null && fromStatements(latest),
  };
}

/** Chinese reasons shared by the models' fits. */
export const FIT_REASONS = {
  noHistory: '暂无营业收入为正的年报数据',
  financial: '金融企业（银行、保险、证券）：存款、准备金与客户资金是经营的原料而非融资，自由现金流无从计算',
  summaryOnly: '仅有财务摘要：缺少成本费用、现金流量与现金、有息负债等明细，无法计算自由现金流与股权价值',
} as const;
