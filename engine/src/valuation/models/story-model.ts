import { bridgeWarnings } from '../bridge-warnings.ts';
import { TERMINAL_VALUE_WARNING_SHARE } from '../dcf.ts';
import { STORY_PARAMETER_KEYS, type StoryParameterKey } from '../parameter-rules.ts';
import {
  sharesDisagreeWarnings,
  staleReportWarnings,
  terminalReturnWarning,
  terminalShareWarning,
  type ValuationWarning,
} from '../warnings.ts';
import { companyFacts, FIT_REASONS } from './company-facts.ts';
import { MODEL_NAMES } from './model-names.ts';
import { modelFigure, modelRow, perShareValue, perShareWarnings, requireLevers } from './model-result.ts';
import type { ModelFit, StoryResult, ValuationModel } from './model-types.ts';
import { goingConcernValue, type StoryInputs, type StoryValuation, storyValuation } from './story.ts';
import { storyDefaults } from './story-defaults.ts';

/** The story model's computation for one company, beside its result. */
export interface StoryDetail {
  readonly latestYear: number;
  readonly inputs: StoryInputs;
  /** How each lever was derived, in Chinese ('手动设置' where a person set it). */
  readonly basis: Readonly<Record<StoryParameterKey, string>>;
  readonly valuation: StoryValuation;
  readonly going_concern_value: number;
}

const TERMINAL_COLUMN = '永续期';

function storyWarnings(inputs: StoryInputs, valuation: StoryValuation, goingConcern: number): ValuationWarning[] {
  const warnings: ValuationWarning[] = [];
  const share = goingConcern > 0 ? valuation.terminal.pv / goingConcern : null;
  if (share !== null && share > TERMINAL_VALUE_WARNING_SHARE) {
    warnings.push(terminalShareWarning(share, '持续经营价值', '资本成本与 g'));
  }
  if (inputs.terminal_growth > 0 && inputs.terminal_roc < inputs.cost_of_capital_terminal) {
    warnings.push(terminalReturnWarning(inputs.terminal_roc, inputs.cost_of_capital_terminal));
  }
  return warnings;
}

/** The story model's table (ten years, then the terminal year) and its key figures. */
function storyResult(
  detail: StoryDetail,
  extraWarnings: readonly ValuationWarning[],
): Omit<StoryResult, 'shares_source'> {
  const { inputs, valuation, latestYear } = detail;
  const { years, terminal } = valuation;
  const column = (pick: (year: (typeof years)[number]) => number, last: number | null) => [...years.map(pick), last];
  const equity = valuation.equity_value;
  return {
    model: 'story',
    value_per_share: perShareValue(equity, inputs.shares),
    equity_value: equity,
    columns: [...years.map((year) => String(latestYear + year.year)), TERMINAL_COLUMN],
    rows: [
      modelRow(
        'revenue',
        '营业收入',
        'amount',
        column((year) => year.revenue, terminal.revenue),
      ),
      modelRow(
        'growth',
        '营业收入增长率',
        'fraction',
        column((year) => year.growth, inputs.terminal_growth),
      ),
      modelRow(
        'operating_margin',
        '营业利润率',
        'fraction',
        column((year) => year.operating_margin, inputs.target_operating_margin),
      ),
      modelRow(
        'operating_income',
        '营业利润（EBIT）',
        'amount',
        column((year) => year.operating_income, null),
      ),
      modelRow(
        'tax_rate',
        '税率',
        'fraction',
        column((year) => year.tax_rate, inputs.marginal_tax_rate),
      ),
      modelRow(
        'nopat',
        '税后营业利润',
        'amount',
        column((year) => year.nopat, terminal.nopat),
      ),
      modelRow(
        'reinvestment',
        '再投资',
        'amount',
        column((year) => year.reinvestment, terminal.reinvestment),
      ),
      modelRow(
        'fcff',
        '自由现金流（FCFF）',
        'amount',
        column((year) => year.fcff, terminal.fcff),
      ),
      modelRow(
        'cost_of_capital',
        '资本成本',
        'fraction',
        column((year) => year.cost_of_capital, inputs.cost_of_capital_terminal),
      ),
      modelRow(
        'discount_factor',
        '累计折现系数',
        'factor',
        column((year) => year.discount_factor, null),
      ),
      modelRow('terminal_value', '终值', 'amount', [...years.map(() => null), terminal.value]),
      modelRow(
        'pv',
        '现值',
        'amount',
        column((year) => year.pv, terminal.pv),
      ),
    ],
    figures: [
      modelFigure('going_concern_value', '持续经营价值', 'amount', detail.going_concern_value),
      modelFigure('probability_of_failure', '失败概率', 'fraction', inputs.probability_of_failure),
      modelFigure('distress_proceeds', '失败时的资产变现所得', 'amount', inputs.distress_proceeds),
      modelFigure('operating_assets', '经营资产价值', 'amount', valuation.operating_assets),
      modelFigure('debt', '减：有息负债', 'amount', inputs.debt),
      modelFigure('minority_interest', '减：少数股东权益', 'amount', valuation.minority_interest),
      modelFigure('cash', '加：现金', 'amount', inputs.cash),
      modelFigure('non_operating_assets', '加：非经营性资产', 'amount', inputs.non_operating_assets),
      modelFigure('equity_value', '股权价值', 'amount', equity),
    ],
    warnings: [
      ...extraWarnings,
      ...storyWarnings(inputs, valuation, detail.going_concern_value),
      ...perShareWarnings(equity, inputs.shares, '经营资产价值不足以偿付有息负债与少数股东权益'),
    ],
    shares: inputs.shares > 0 ? inputs.shares : null,
    detail,
  };
}

/** Damodaran's ten-year FCFF story, told with the company's own history as its defaults. */
export const STORY_MODEL: ValuationModel<StoryResult> = {
  id: 'story',
  name: MODEL_NAMES.story,
  description:
    '以营业收入增长、目标利润率、销售额/投入资本与资本成本讲述公司的故事，逐年推演十年自由现金流并折现（Damodaran 估值表的结构）',
  needs: [
    { label: '利润表（营业收入与营业利润）', items: ['operating_revenue', 'operating_cost'] },
    { label: '资产负债表（现金、有息负债、少数股东权益与非经营性资产）', items: ['total_assets', 'cash'] },
  ],
  parameters: STORY_PARAMETER_KEYS,
  fits(context): ModelFit {
    const facts = companyFacts(context);
    if (facts.latestYear === null) return { fits: false, reason: FIT_REASONS.noHistory };
    if (facts.classification.kind === 'financial') return { fits: false, reason: FIT_REASONS.financial };
    return facts.latestFromStatements ? { fits: true } : { fits: false, reason: FIT_REASONS.summaryOnly };
  },
  value(input) {
    const levers = input.levers ?? {};
    requireLevers(STORY_MODEL, levers);
    const defaults = storyDefaults(input);
    // Minority interest set by hand is that amount; otherwise pro rata, as the DCF values it (docs/model.md §7).
    const inputs: StoryInputs = {
      ...defaults.inputs,
      ...levers,
      ...(levers.minority_interest === undefined ? {} : { minority_profit_share: null }),
    };
    const basis = { ...defaults.basis };
    for (const key of STORY_PARAMETER_KEYS) if (levers[key] !== undefined) basis[key] = '手动设置';
    const valuation = storyValuation(inputs);
    const detail: StoryDetail = {
      latestYear: defaults.latestYear,
      inputs,
      basis,
      valuation,
      going_concern_value: goingConcernValue(valuation),
    };
    const { years } = defaults.statements;
    const warnings = [
      ...staleReportWarnings(defaults.latestYear, input.asOf),
      ...bridgeWarnings(defaults.latestYear, years[defaults.latestYear] ?? {}, years[defaults.latestYear - 1] ?? null),
      ...(levers.shares === undefined ? sharesDisagreeWarnings(defaults.parameters) : []),
    ];
    return {
      ...storyResult(detail, warnings),
      shares_source: levers.shares === undefined ? defaults.parameters.total_shares_source : 'manual',
    };
  },
};
