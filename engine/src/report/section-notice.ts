import type { CompanyValuation } from '../valuation/company-valuation.ts';

/**
 * Why a report section does not apply to a company, in place of its figures: the same code and words on the
 * API (a 422 body), the page, the PDF and the worker's report (docs/model.md section 1).
 */
export interface SectionNotice {
  readonly code: 'financial_company';
  readonly message: string;
}

/** The sections built on free cash flow and a debt weight, which mean nothing for a bank, insurer or broker. */
export const FCFF_SECTION_NAMES = {
  'fcf-structure': '自由现金流结构',
  'fcf-ratio': 'FCF 比率',
  wacc: 'WACC',
} as const;
export type FcffSection = keyof typeof FCFF_SECTION_NAMES;

/**
 * The notice of an FCFF section of a financial company: its deposits and reserves are the raw material of the
 * business, so working capital, capex and debt cannot be told apart. Null for any other company.
 */
export function financialSectionNotice(
  valuation: Pick<CompanyValuation, 'classification' | 'error' | 'model'>,
  section: FcffSection,
): SectionNotice | null {
  if (valuation.classification.kind !== 'financial') return null;
  const reason = valuation.error?.message ?? valuation.model.reason ?? '';
  return { code: 'financial_company', message: `${FCFF_SECTION_NAMES[section]}不适用于金融企业：${reason}` };
}
