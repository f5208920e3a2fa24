import { ValuationError } from '../../errors.ts';
import { latestReportedYear } from '../../history/historical-rows.ts';
import { percentText } from '../../message-format.ts';
import type { CompanyStatements } from '../../statements/items.ts';
import { EXCESS_RETURN_PARAMETER_KEYS, type ExcessReturnParameterKey } from '../parameter-rules.ts';
import { effectiveParameters, NO_MANUAL_PARAMETERS, type ValuationSettings } from '../parameters.ts';
import { resolveShares } from '../shares.ts';
import { costOfEquityOf, riskFreeRateOf, WACC_ASSUMPTIONS } from '../wacc.ts';
import {
  fewRoeYearsWarning,
  roeBoundedWarning,
  sharesDisagreeWarnings,
  staleReportWarnings,
  type ValuationWarning,
} from '../warnings.ts';
import { FIT_REASONS } from './company-facts.ts';
import { type ExcessReturnInputs, type ExcessReturnValuation, excessReturnValuation } from './excess-return.ts';
import {
  EXCESS_RETURN_YEARS,
  MIN_NORMALISED_ROE_YEARS,
  normalisedRoe,
  type OrdinaryEquityYear,
  ordinaryBookEquity,
  ordinaryEquityYears,
} from './excess-return-inputs.ts';
import { excessReturnResult } from './excess-return-result.ts';
import { MODEL_NAMES } from './model-names.ts';
import { requireLevers } from './model-result.ts';
import type { ExcessReturnResult, ModelContext, ModelFit, ModelInput, ValuationModel } from './model-types.ts';

/** The excess-return model's computation for one company, beside its result. */
export interface ExcessReturnDetail {
  readonly latestYear: number;
  readonly inputs: ExcessReturnInputs;
  /** How each input was derived, in Chinese (a lever a person set says so). */
  readonly basis: Readonly<Record<ExcessReturnParameterKey | 'growth' | 'book_equity', string>>;
  readonly history: readonly OrdinaryEquityYear[];
  readonly valuation: ExcessReturnValuation;
}

const MANUAL = '手动设置';
const NO_BOOK_EQUITY = '缺少归母净资产与每股净资产';
const BOOK_NOT_POSITIVE = '归属于普通股股东的净资产为负或为零：没有账面价值可作起点';
const NO_ROE = '缺少归母净利润与加权ROE，无法计算ROE';

/** Why a company's latest book equity cannot start the model, or null when it can. */
function bookEquityProblem(book: number | null): string | null {
  if (book === null) return NO_BOOK_EQUITY;
  return book > 0 ? null : BOOK_NOT_POSITIVE;
}

function fits({ statements }: ModelContext): ModelFit {
  const latestYear = latestReportedYear(statements);
  const latest = latestYear === null ? undefined : statements.years[latestYear];
  if (latestYear === null || !latest) return { fits: false, reason: FIT_REASONS.noHistory };
  const problem = bookEquityProblem(ordinaryBookEquity(latest, resolveShares(latest, null, null).count));
  if (problem) return { fits: false, reason: problem };
  return normalisedRoe(ordinaryEquityYears(statements)) ? { fits: true } : { fits: false, reason: NO_ROE };
}

function latestYearOf(statements: CompanyStatements): number {
  const year = latestReportedYear(statements);
  if (year === null) throw new ValuationError('NO_HISTORY', 'statements');
  return year;
}

/** The model's inputs for a company: its defaults from the statements, with the person's levers on top. */
function excessReturnDetail(input: ModelInput) {
  const { statements } = input;
  const levers = input.levers ?? {};
  requireLevers(EXCESS_RETURN_MODEL, levers);
  const latestYear = latestYearOf(statements);
  const manual: ValuationSettings = { ...NO_MANUAL_PARAMETERS, ...input.parameters };
  const parameters = effectiveParameters(statements, latestYear, manual, {
    ...(input.waccAssumptions ? { assumptions: input.waccAssumptions } : {}),
    listedShares: input.listedShares ?? null,
  });
  const book = ordinaryBookEquity(statements.years[latestYear], parameters.total_shares);
  const problem = bookEquityProblem(book);
  if (problem || book === null) throw new ValuationError('MODEL_NOT_APPLICABLE', 'book_equity', problem ?? '');
  const history = ordinaryEquityYears(statements);
  const normalised = normalisedRoe(history);
  const roe = levers.normalised_roe ?? normalised?.value;
  if (roe === undefined) throw new ValuationError('MODEL_NOT_APPLICABLE', 'normalised_roe', NO_ROE);
  const assumptions = input.waccAssumptions ?? WACC_ASSUMPTIONS;
  const costOfEquity = levers.cost_of_equity ?? costOfEquityOf(assumptions, input.asOf);
  const sustainable = levers.sustainable_roe ?? costOfEquity;
  const inputs: ExcessReturnInputs = {
    bookEquity: book,
    normalisedRoe: roe,
    sustainableRoe: sustainable,
    costOfEquity,
    growth: parameters.terminal_growth_rate,
    years: EXCESS_RETURN_YEARS,
  };
  const industry = assumptions.betaIndustry ? `（${assumptions.betaIndustry}）` : '';
  const basis = {
    book_equity: `${latestYear}年末归属于普通股股东的净资产（归母权益扣除永续债、优先股）`,
    cost_of_equity:
      levers.cost_of_equity === undefined
        ? `CAPM：无风险利率 ${percentText(riskFreeRateOf(assumptions, input.asOf))} + β ${assumptions.beta}${industry} × 股权风险溢价 ${percentText(assumptions.marketRiskPremium)}`
        : MANUAL,
    normalised_roe: levers.normalised_roe === undefined ? (normalised?.note ?? '') : MANUAL,
    sustainable_roe:
      levers.sustainable_roe === undefined ? '等于股权成本：超额收益在第10年消失（竞争使ROE回归资本成本）' : MANUAL,
    growth: manual.terminal_growth_rate_manual === null ? '默认永续增长率' : MANUAL,
  };
  const warnings: ValuationWarning[] = [...staleReportWarnings(latestYear, input.asOf)];
  if (levers.normalised_roe === undefined && normalised) {
    if (normalised.years.length < MIN_NORMALISED_ROE_YEARS) {
      warnings.push(fewRoeYearsWarning(normalised.years, MIN_NORMALISED_ROE_YEARS));
    }
    if (normalised.bounded) warnings.push(roeBoundedWarning(normalised.mean, normalised.value));
  }
  warnings.push(...sharesDisagreeWarnings(parameters));
  const detail: ExcessReturnDetail = { latestYear, inputs, basis, history, valuation: excessReturnValuation(inputs) };
  return { detail, parameters, warnings };
}

/** Excess returns (residual income): banks, insurers, brokers and companies with only financial summaries. */
export const EXCESS_RETURN_MODEL: ValuationModel<ExcessReturnResult> = {
  id: 'excess_return',
  name: MODEL_NAMES.excess_return,
  description:
    '账面净资产加上未来净资产收益率（ROE）超过股权成本部分的现值；适用于银行、保险、证券及仅有财务摘要的公司',
  needs: [
    { label: '归母净资产或每股净资产', items: ['parent_equity', 'book_value_per_share'] },
    { label: '归母净利润或加权净资产收益率', items: ['net_profit_parent', 'weighted_roe_percent'] },
  ],
  parameters: [...EXCESS_RETURN_PARAMETER_KEYS, 'terminal_growth_rate_manual', 'total_shares_manual'],
  fits,
  value(input) {
    const { detail, parameters, warnings } = excessReturnDetail(input);
    return excessReturnResult(detail, parameters, warnings);
  },
};
