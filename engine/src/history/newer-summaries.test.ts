import { describe, expect, it } from 'vitest';
import type { CompanyStatements } from '../statements/items.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { valueCompany } from '../valuation/company-valuation.ts';
import { companyFacts } from '../valuation/models/company-facts.ts';
import { fullStatementsBase } from './newer-summaries.ts';

const latest = Math.max(...Object.keys(SAMPLE_COMPANY.years).map(Number));
const last = SAMPLE_COMPANY.years[latest] ?? {};

/** 样本公司 with a financial summary of the year after its full statements, as seed:market adds one. */
const WITH_NEWER_SUMMARY: CompanyStatements = {
  ...SAMPLE_COMPANY,
  years: {
    ...SAMPLE_COMPANY.years,
    [latest + 1]: {
      operating_revenue: (last.operating_revenue ?? 0) * 1.1,
      operating_profit: last.operating_profit ?? 0,
      net_profit_parent: last.net_profit_parent ?? 0,
      parent_equity: last.parent_equity ?? 0,
      book_value_per_share: 5,
    },
  },
};

describe('a company with full statements keeps them as its base', () => {
  it('leaves a newer summary-only year out, and says which', () => {
    const base = fullStatementsBase(WITH_NEWER_SUMMARY);
    expect(base.newerSummaryYear).toBe(latest + 1);
    expect(base.statements.years).toEqual(SAMPLE_COMPANY.years);
    expect(fullStatementsBase(SAMPLE_COMPANY)).toEqual({ statements: SAMPLE_COMPANY, newerSummaryYear: null });
  });

  it('values as without the summary, warned newer_summary_available with the year', () => {
    const parameters = { wacc_manual: 0.09 };
    const plain = valueCompany({ statements: SAMPLE_COMPANY, parameters });
    const valued = valueCompany({ statements: WITH_NEWER_SUMMARY, parameters });
    expect(valued.latestYear).toBe(plain.latestYear);
    expect(valued.dcf?.valuation).toEqual(plain.dcf?.valuation);
    const warning = valued.warnings.find((entry) => entry.code === 'newer_summary_available');
    expect(warning).toMatchObject({ year: latest + 1 });
    expect(warning?.message).toContain(`${latest + 1} 年的财务摘要`);
    expect(companyFacts({ statements: WITH_NEWER_SUMMARY }).latestYear).toBe(latest);
  });
});
