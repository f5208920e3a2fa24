import { ValuationError } from '../../errors.ts';
import { AUTO_DRIVER_WINDOW, historicalRevenueGrowth } from '../../forecast/auto-drivers.ts';
import { investedCapital } from '../../history/analytics.ts';
import type { FinancialYearRow } from '../../history/financial-row.ts';
import { DEFAULT_TAX_RATE } from '../../history/historical-rows.ts';
import { percentText, yearsText } from '../../message-format.ts';
import type { CompanyStatements } from '../../statements/items.ts';
import { statementAnalytics } from '../analytics-cache.ts';
import { companyBridgeOf, minorityProfitShareOf } from '../bridge.ts';
import type { CompanyValuationInput } from '../company-valuation.ts';
import { minorityShareNote } from '../minority-share.ts';
import { STORY_PARAMETER_RULES, type StoryParameterKey } from '../parameter-rules.ts';
import { type EffectiveParameters, effectiveParameters, NO_MANUAL_PARAMETERS } from '../parameters.ts';
import { costOfEquity, riskFreeRateOf, WACC_ASSUMPTIONS } from '../wacc.ts';
import type { StoryInputs } from './story.ts';

/**
 * The story model's levers from a company's own history (docs/model.md, the story model): what the
 * statements say today, held or faded as Damodaran's spreadsheets do by default. Every one is a default a
 * person may change.
 */

/** The year by which the operating margin reaches its target, when nobody says otherwise. */
export const DEFAULT_MARGIN_CONVERGENCE_YEAR = 5;

export interface StoryDefaults {
  readonly latestYear: number;
  /** The statements the levers were read from (the trailing twelve months as a year where the DCF takes them). */
  readonly statements: CompanyStatements;
  readonly inputs: StoryInputs;
  /** How each lever was derived, in Chinese. */
  readonly basis: Readonly<Record<StoryParameterKey, string>>;
  readonly parameters: EffectiveParameters;
}

const within = (key: StoryParameterKey, value: number) => {
  const { min, max } = STORY_PARAMETER_RULES[key];
  return Math.min(max, Math.max(min, value));
};

/** The mean of `pick` over the latest rows that have it, with the years it rests on. */
function recentMean(rows: readonly FinancialYearRow[], pick: (row: FinancialYearRow) => number | null) {
  const years: number[] = [];
  let sum = 0;
  for (const row of rows.slice(-AUTO_DRIVER_WINDOW)) {
    const value = pick(row);
    if (value === null || !Number.isFinite(value)) continue;
    years.push(row.year);
    sum += value;
  }
  return years.length > 0 ? { mean: sum / years.length, years } : null;
}

const marginOf = (row: FinancialYearRow) =>
  row.ebit !== null && row.operating_revenue !== null && row.operating_revenue > 0
    ? row.ebit / row.operating_revenue
    : null;

/** Revenue over invested capital (ROIC's: equity + minority + interest-bearing debt − cash), where that is positive. */
function salesToCapitalOf(statements: CompanyStatements) {
  return (row: FinancialYearRow) => {
    const capital = investedCapital(statements.years[row.year]);
    return capital !== null && capital > 0 && row.operating_revenue !== null ? row.operating_revenue / capital : null;
  };
}

/** The story model's levers for a company, each with how it was derived; throws when the latest year has no EBIT. */
export function storyDefaults(input: CompanyValuationInput): StoryDefaults {
  // The statements the model reads (with a trailing twelve months as the latest year), as the DCF's.
  const { history, base, statements } = statementAnalytics(input.statements, input.cache, input.industry ?? null, {
    otherIncomeOperating: input.choices?.other_income_operating,
  });
  const last = history[history.length - 1];
  if (!last) throw new ValuationError('NO_HISTORY', 'statements');
  if (last.ebit === null || last.operating_revenue === null) {
    throw new ValuationError('MODEL_NOT_APPLICABLE', 'base_operating_income', '最新年报缺少营业利润（EBIT）');
  }
  const latestYear = last.year;
  const assumptions = input.waccAssumptions ?? WACC_ASSUMPTIONS;
  const parameters = effectiveParameters(
    statements,
    latestYear,
    { ...NO_MANUAL_PARAMETERS, ...input.parameters },
    {
      assumptions,
      taxRate: base.end.income_tax_to_total_profit,
      listedShares: input.listedShares ?? null,
      asOf: input.asOf ?? null,
      ebit: last.ebit,
    },
  );
  const g = parameters.terminal_growth_rate;
  const { totals: bridge, lines: bridgeLines, minority } = companyBridgeOf(statements, latestYear, input.choices);
  const margin = recentMean(history, marginOf);
  const salesToCapital = recentMean(history, salesToCapitalOf(statements));
  const salesToCapitalValue = within('sales_to_capital_years_1_5', salesToCapital?.mean ?? Number.POSITIVE_INFINITY);
  const matureCost = within(
    'cost_of_capital_terminal',
    costOfEquity({
      risk_free_rate: riskFreeRateOf(assumptions, input.asOf),
      beta: 1,
      equity_risk_premium: assumptions.marketRiskPremium,
    }),
  );
  const inputs: StoryInputs = {
    base_revenue: last.operating_revenue,
    base_operating_income: last.ebit,
    revenue_growth_years_1_5: within('revenue_growth_years_1_5', historicalRevenueGrowth(history, g, base.spanYears)),
    terminal_growth: g,
    target_operating_margin: within('target_operating_margin', margin?.mean ?? last.ebit / last.operating_revenue),
    margin_convergence_year: DEFAULT_MARGIN_CONVERGENCE_YEAR,
    sales_to_capital_years_1_5: salesToCapitalValue,
    sales_to_capital_years_6_10: salesToCapitalValue,
    effective_tax_rate: base.start.income_tax_to_total_profit,
    marginal_tax_rate: DEFAULT_TAX_RATE,
    cost_of_capital_initial: parameters.wacc,
    cost_of_capital_terminal: matureCost,
    terminal_roc: matureCost,
    debt: bridge.interest_bearing_liabilities,
    cash: bridge.cash,
    minority_interest: bridge.minority_interest,
    non_operating_assets: bridge.non_core_assets,
    shares: parameters.total_shares,
    probability_of_failure: 0,
    distress_proceeds: 0,
    // The DCF's rule (docs/model.md §7): minorities pro rata to their share of profit, book beside.
    minority_profit_share: minorityProfitShareOf(bridgeLines),
  };
  const latest = `${latestYear}年`;
  const meanNote = (mean: { years: readonly number[] } | null, what: string, fallback: string) =>
    mean ? `${yearsText(mean.years)}年${what}的均值` : fallback;
  const basis: Record<StoryParameterKey, string> = {
    base_revenue: `${latest}营业收入`,
    base_operating_income: `${latest}营业利润（EBIT：营业收入减营业成本、税金及附加与销售、管理、研发费用）`,
    revenue_growth_years_1_5: base.basis.operating_revenue_yoy.note,
    terminal_growth: parameters.manual.terminal_growth_rate_manual === null ? '默认永续增长率' : '手动设置',
    target_operating_margin: meanNote(margin, '营业利润率', `${latest}营业利润率`),
    margin_convergence_year: `第 ${DEFAULT_MARGIN_CONVERGENCE_YEAR} 年达到目标利润率`,
    sales_to_capital_years_1_5: meanNote(
      salesToCapital,
      '营业收入/投入资本',
      '投入资本不为正（现金超过净资产与有息负债之和）：增长几乎无需资本，取上限',
    ),
    sales_to_capital_years_6_10: '同第1–5年',
    effective_tax_rate: base.basis.income_tax_to_total_profit.note,
    marginal_tax_rate: `法定税率 ${percentText(DEFAULT_TAX_RATE, 0)}`,
    cost_of_capital_initial: parameters.manual.wacc_manual === null ? '计算WACC（与FCFF模型相同）' : '手动设置的WACC',
    cost_of_capital_terminal: `成熟企业的资本成本：无风险利率 ${percentText(riskFreeRateOf(assumptions, input.asOf))} + 股权风险溢价 ${percentText(assumptions.marketRiskPremium)}（β = 1）`,
    terminal_roc: '等于永续期资本成本：永续期的增长不创造价值',
    debt: `${latest}末有息负债（含租赁负债、长期应付款与永续债、优先股）`,
    cash: input.choices?.other_current_assets_cash_like
      ? `${latest}末货币资金、交易性金融资产与其他流动资产（管理员标记为类现金）`
      : `${latest}末货币资金与交易性金融资产`,
    minority_interest: `${latest}末少数股东权益：${minorityShareNote(minority, bridge.minority_interest)}`,
    non_operating_assets: `${latest}末非核心资产（长期股权投资、金融资产、投资性房地产等）`,
    shares: parameters.shares.label,
    probability_of_failure: '默认不考虑失败',
    distress_proceeds: '默认不考虑失败',
  };
  return { latestYear, statements, inputs, basis, parameters };
}
