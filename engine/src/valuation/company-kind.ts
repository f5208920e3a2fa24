import { sumOfItems } from '../history/analytics.ts';
import { FINANCIAL_SECTION, type IndustryCode, PROPERTY_DIVISION, parseIndustry } from '../statements/industries.ts';
import { FINANCIAL_BUSINESS_ITEMS, type StatementYear } from '../statements/items.ts';

/**
 * What kind of business the FCFF model is looking at. Banks, insurers and brokers ('financial') get no
 * FCFF value: their deposits, reserves and clients' money are the raw material of the business, not its
 * financing, so working capital, capex and debt cannot be told apart. Developers ('property_developer')
 * are valued, with a warning: their inventories are land and buildings, and presales swing working capital.
 */
export type CompanyKind = 'financial' | 'property_developer' | 'general';

/**
 * Customer deposits, insurance reserves and clients' brokerage cash at this share of total liabilities
 * (of total assets when liabilities are not reported) make a financial company whatever its industry code:
 * a bank's deposits are most of its liabilities, an industrial group's finance company a few percent.
 */
export const FINANCIAL_BUSINESS_SHARE = 0.25;

export interface CompanyClassification {
  readonly kind: CompanyKind;
  /** The industry as given, read (null when none was given or it names no known industry). */
  readonly industry: IndustryCode | null;
  /** What decided a financial company: its industry section (J), or the weight of its financial lines. */
  readonly evidence: 'industry' | 'statements' | null;
  /** The financial lines' share of total liabilities (or assets) at the latest balance sheet. */
  readonly financialShare: number | null;
}

/**
 * Classifies a company by its industry (section J → financial, division 70 → property developer) and,
 * whatever the industry says, by the latest balance sheet's financial lines (FINANCIAL_BUSINESS_SHARE).
 */
export function classifyCompany(industryText: string | null | undefined, latest: StatementYear): CompanyClassification {
  const industry = parseIndustry(industryText) ?? null;
  const financialLines = sumOfItems(latest, FINANCIAL_BUSINESS_ITEMS);
  const base = latest.total_liabilities ?? latest.total_assets;
  const financialShare =
    financialLines !== null && base !== undefined && Number.isFinite(base) && base > 0 ? financialLines / base : null;
  if (industry?.section.code === FINANCIAL_SECTION) {
    return { kind: 'financial', industry, evidence: 'industry', financialShare };
  }
  if (financialShare !== null && financialShare >= FINANCIAL_BUSINESS_SHARE) {
    return { kind: 'financial', industry, evidence: 'statements', financialShare };
  }
  const developer =
    industry?.section.divisions[0] === PROPERTY_DIVISION &&
    (industry.division ?? PROPERTY_DIVISION) === PROPERTY_DIVISION;
  return { kind: developer ? 'property_developer' : 'general', industry, evidence: null, financialShare };
}
