import type { RowBasis } from '../history/financial-row.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { CompanyBundle } from './company-bundle.ts';
import type { ReportQuote } from './quote-slot.ts';

/** 公司基本信息: who the company is, what data the report rests on, and what to be careful of. */
export interface BasicInfoView {
  readonly code: string;
  readonly name: string;
  /** '深圳主板', '上海主板', … as the market list gives it; null when the list does not have the company. */
  readonly market: string | null;
  /** 'YYYY-MM-DD'. */
  readonly listed_on: string | null;
  /** The 国标 section ('制造业'). */
  readonly industry: string;
  /** 'C38'; null when unknown. */
  readonly industry_code: string | null;
  /** The division's name ('电气机械和器材制造业'). */
  readonly sub_industry: string | null;
  readonly latest_report_year: number;
  /** '2024-12-31': the balance-sheet date of the report the valuation starts from. */
  readonly latest_report_date: string;
  /** That report: '2024 年报', or '2023 一季报' when its trailing twelve months are the base. */
  readonly latest_report_label: string;
  readonly latest_basis: RowBasis;
  readonly reported_years: number;
  /** 亿股; 0 when nothing gives a count. */
  readonly total_shares: number;
  readonly total_shares_source: string;
  readonly total_shares_date: string | null;
  readonly price: ReportQuote | null;
  /** 亿元: price × shares; null without a price or a count. */
  readonly market_cap: number | null;
  /** The valuation's warnings and limitations, in Chinese. */
  readonly warnings: readonly string[];
}

export function basicInfoView(
  valuation: CompanyValuation,
  company: CompanyBundle['company'],
  quote: ReportQuote | null,
): BasicInfoView {
  const { shares } = valuation.parameters;
  const latest = valuation.history[valuation.history.length - 1];
  const listing = company.listing ?? null;
  return {
    code: company.code,
    name: company.name,
    market: listing?.market ?? null,
    listed_on: listing?.listed_on ?? null,
    industry: company.industry,
    industry_code: listing?.industry_code ?? null,
    sub_industry: listing?.sub_industry ?? null,
    latest_report_year: valuation.latestYear,
    latest_report_date: valuation.base.date,
    latest_report_label: valuation.base.label,
    latest_basis: latest?.basis ?? 'statements',
    // Annual reports: the trailing twelve months are no year of their own.
    reported_years: valuation.history.length - (valuation.base.period === 'FY' ? 0 : 1),
    total_shares: shares.count,
    total_shares_source: shares.label,
    total_shares_date: shares.date,
    price: quote,
    market_cap: quote && shares.count > 0 ? quote.price * shares.count : null,
    warnings: [...new Set([...valuation.limitations, ...valuation.warnings.map((warning) => warning.message)])],
  };
}
