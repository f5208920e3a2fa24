import {
  FINANCIAL_RISK_RATIOS,
  RISK_RATIO_RULES,
  RISK_RATIOS,
  type RiskRatio,
  type RiskYear,
  riskYears,
} from '../history/risk-ratios.ts';
import type { CompanyStatements } from '../statements/items.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import { LONG_HISTORY_YEARS } from './growth-view.ts';
import { annualHistory } from './report-views.ts';
import type { SectionNotice } from './section-notice.ts';

/** 抗风险能力: the solvency and liquidity ratios by year, each with its reference band. */
export interface RiskView {
  readonly latest_year: number;
  /** Whose measures: an industrial company's, or a bank's in their place for a financial company. */
  readonly basis: 'industrial' | 'financial';
  /** Why the industrial ratios are not shown (a financial company); null otherwise. */
  readonly notice: SectionNotice | null;
  /** The ratios shown, in order (the years carry every ratio; those not shown are not meaningful here). */
  readonly ratios: readonly {
    readonly key: RiskRatio;
    readonly label: string;
    readonly unit: 'percent' | 'times';
    readonly band: string;
  }[];
  readonly years: readonly RiskYear[];
}

/** What a financial company's 抗风险能力 says in place of the industrial ratios. */
export const FINANCIAL_RISK_NOTICE: SectionNotice = {
  code: 'financial_company',
  message:
    '资产负债率、利息保障倍数、流动与速动比率等工商企业的偿债指标不适用于金融企业：存款与准备金是其经营的原料而非融资。' +
    '此处改列银行的权益资产比与贷存比，参考区间为银行监管标准。',
};

/** By fiscal year: the trailing twelve months are left out, as in the growth view. */
export function riskView(valuation: CompanyValuation, statements: CompanyStatements): RiskView {
  const history = annualHistory(valuation);
  const financial = valuation.classification.kind === 'financial';
  return {
    latest_year: history[history.length - 1]?.year ?? valuation.latestYear,
    basis: financial ? 'financial' : 'industrial',
    notice: financial ? FINANCIAL_RISK_NOTICE : null,
    ratios: (financial ? FINANCIAL_RISK_RATIOS : RISK_RATIOS).map((key) => ({ key, ...RISK_RATIO_RULES[key] })),
    years: riskYears(statements, history).slice(-LONG_HISTORY_YEARS),
  };
}
