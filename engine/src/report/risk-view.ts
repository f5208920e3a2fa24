import { RISK_RATIO_RULES, RISK_RATIOS, type RiskRatio, type RiskYear, riskYears } from '../history/risk-ratios.ts';
import type { CompanyStatements } from '../statements/items.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import { LONG_HISTORY_YEARS } from './growth-view.ts';
import { annualHistory } from './report-views.ts';

/** 抗风险能力: the solvency and liquidity ratios by year, each with its reference band. */
export interface RiskView {
  readonly latest_year: number;
  readonly ratios: readonly {
    readonly key: RiskRatio;
    readonly label: string;
    readonly unit: 'percent' | 'times';
    readonly band: string;
  }[];
  readonly years: readonly RiskYear[];
}

/** By fiscal year: the trailing twelve months are left out, as in the growth view. */
export function riskView(valuation: CompanyValuation, statements: CompanyStatements): RiskView {
  const history = annualHistory(valuation);
  return {
    latest_year: history[history.length - 1]?.year ?? valuation.latestYear,
    ratios: RISK_RATIOS.map((key) => ({ key, ...RISK_RATIO_RULES[key] })),
    years: riskYears(statements, history).slice(-LONG_HISTORY_YEARS),
  };
}
