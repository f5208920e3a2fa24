import { isValuationError } from '../errors.ts';
import { marginOfSafety } from '../market/price-against-value.ts';
import { MODEL_EXPLANATIONS, type ModelFormula } from '../valuation/models/model-formulas.ts';
import type { ModelId, ModelLevers, ModelResult } from '../valuation/models/model-types.ts';
import { modelById, modelFits, preferredModel } from '../valuation/models/registry.ts';
import { storyDefaults } from '../valuation/models/story-defaults.ts';
import {
  type AdjustableParameter,
  isAdjustableParameter,
  type ModelParameterKey,
  type ParameterRule,
} from '../valuation/parameter-rules.ts';
import type { ValuationParameters } from '../valuation/parameters.ts';
import { SHARE_SOURCE_LABELS } from '../valuation/shares.ts';
import type { CompanyBundle, MarketContext } from './company-bundle.ts';
import { bundleModelInput, leverRule, tryModel } from './model-views.ts';

/**
 * The custom page's other models: the story model and excess returns, with every lever the reader may set,
 * its default from the company's history and how that was derived, and the model's table for the levers
 * set. Valued from the company bundle, so the worker recomputes it offline on every keystroke.
 */

/** The models a reader sets levers of on the custom page (the FCFF has its own tables). */
export const LEVER_MODELS = ['story', 'excess_return'] as const;
export type LeverModelId = (typeof LEVER_MODELS)[number];

export function isLeverModel(model: ModelId): model is LeverModelId {
  return (LEVER_MODELS as readonly ModelId[]).includes(model);
}

/** A lever of a model: the model's own, or the FCFF parameter it shares (excess returns' g and shares). */
export type LeverKey = ModelParameterKey | AdjustableParameter;

/** The reader's levers of one model, by key (absent: the company's default). */
export type LeverValues = Readonly<Partial<Record<LeverKey, number>>>;

/** The levers in groups, as the custom page lays them out. */
export const LEVER_GROUPS: Readonly<Record<LeverModelId, readonly { title: string; keys: readonly LeverKey[] }[]>> = {
  story: [
    { title: '基期', keys: ['base_revenue', 'base_operating_income'] },
    {
      title: '增长与利润率',
      keys: ['revenue_growth_years_1_5', 'terminal_growth', 'target_operating_margin', 'margin_convergence_year'],
    },
    { title: '再投资', keys: ['sales_to_capital_years_1_5', 'sales_to_capital_years_6_10', 'terminal_roc'] },
    {
      title: '税率与资本成本',
      keys: ['effective_tax_rate', 'marginal_tax_rate', 'cost_of_capital_initial', 'cost_of_capital_terminal'],
    },
    { title: '从经营资产到股权', keys: ['debt', 'cash', 'minority_interest', 'non_operating_assets', 'shares'] },
    { title: '失败的可能', keys: ['probability_of_failure', 'distress_proceeds'] },
  ],
  excess_return: [
    { title: 'ROE 路径与股权成本', keys: ['normalised_roe', 'sustainable_roe', 'cost_of_equity'] },
    { title: '增长（g = ROE × (1 − 分红率)）与股本', keys: ['terminal_growth_rate_manual', 'total_shares_manual'] },
  ],
};

export interface LeverView {
  readonly key: LeverKey;
  readonly label: string;
  readonly rule: ParameterRule;
  /** The unit it is typed in: '%', '年', '倍', '亿股', '亿元'. */
  readonly unit: string;
  /** What the model values with: the reader's value, else the default. */
  readonly value: number | null;
  readonly defaultValue: number | null;
  /** How the default was derived, in Chinese. */
  readonly basis: string;
  /** The reader set it. */
  readonly manual: boolean;
}

export interface ModelWhatIfView {
  readonly model: LeverModelId;
  readonly name: string;
  readonly description: string;
  readonly formulas: readonly ModelFormula[];
  readonly company: CompanyBundle['company'];
  readonly groups: readonly { readonly title: string; readonly levers: readonly LeverView[] }[];
  /** The model's answer for the levers set; null with `error` when they admit no valuation. */
  readonly result: ModelResult | null;
  readonly error: string | null;
  /** The value per share with no lever set, for the change the result bar shows. */
  readonly automaticPerShare: number | null;
  /** Where the share count comes from, in Chinese. */
  readonly sharesSource: string | null;
  readonly price: number | null;
  readonly marginOfSafety: number | null;
}

/** The model a company opens with on the custom page: excess returns for a financial or summary-only one. */
export function defaultCustomModel(bundle: CompanyBundle): ModelId {
  return preferredModel(bundleModelInput(bundle)) ?? 'fcff';
}

/** The custom page's model chooser: the default model, and why each model that does not fit does not. */
export interface ModelChoices {
  readonly preferred: ModelId;
  readonly unfit: Readonly<Partial<Record<ModelId, string>>>;
}

export function modelChoices(bundle: CompanyBundle): ModelChoices {
  const input = bundleModelInput(bundle);
  const unfit: Partial<Record<ModelId, string>> = {};
  for (const { model, fit } of modelFits(input)) if (!fit.fits) unfit[model] = fit.reason;
  return { preferred: preferredModel(input) ?? 'fcff', unfit };
}

/** The levers split as the model takes them: its own levers, and the FCFF parameters it shares. */
function splitLevers(values: LeverValues): { levers: ModelLevers; parameters: Partial<ValuationParameters> } {
  const levers: Partial<Record<ModelParameterKey, number>> = {};
  const parameters: Partial<Record<keyof ValuationParameters, number>> = {};
  for (const [key, value] of Object.entries(values) as [LeverKey, number | undefined][]) {
    if (value === undefined) continue;
    if (key === 'terminal_growth_rate_manual' || key === 'total_shares_manual' || key === 'wacc_manual') {
      parameters[key] = value;
    } else if (!isAdjustableParameter(key)) levers[key] = value;
  }
  return { levers, parameters };
}

/** Each lever's default and how it was derived, from the model valued with no lever set. */
function defaultsOf(
  model: LeverModelId,
  bundle: CompanyBundle,
  market: MarketContext | undefined,
  automatic: ModelResult | { readonly error: string },
): { values: Partial<Record<LeverKey, number>>; basis: Partial<Record<LeverKey, string>> } {
  if (model === 'story') {
    try {
      const defaults = storyDefaults(bundleModelInput(bundle, { market }));
      return { values: defaults.inputs, basis: defaults.basis };
    } catch (error) {
      if (isValuationError(error)) return { values: {}, basis: {} };
      throw error;
    }
  }
  if ('error' in automatic || automatic.model !== 'excess_return') return { values: {}, basis: {} };
  const { inputs, basis } = automatic.detail;
  return {
    values: {
      cost_of_equity: inputs.costOfEquity,
      normalised_roe: inputs.normalisedRoe,
      sustainable_roe: inputs.sustainableRoe,
      terminal_growth_rate_manual: inputs.growth,
      ...(automatic.shares === null ? {} : { total_shares_manual: automatic.shares }),
    },
    basis: {
      cost_of_equity: basis.cost_of_equity,
      normalised_roe: basis.normalised_roe,
      sustainable_roe: basis.sustainable_roe,
      terminal_growth_rate_manual: basis.growth,
      total_shares_manual: SHARE_SOURCE_LABELS[automatic.shares_source],
    },
  };
}

const USER_SET = '我的设定';

function leverUnit(key: LeverKey, rule: ParameterRule): string {
  if (rule.percent) return '%';
  if (rule.integer) return '年';
  if (key === 'shares' || key === 'total_shares_manual') return '亿股';
  return key.startsWith('sales_to_capital') ? '倍' : '亿元';
}

/** The story model or excess returns for the reader's levers: every lever with its default, and the model's table. */
export function modelWhatIfView(
  bundle: CompanyBundle,
  model: LeverModelId,
  values: LeverValues,
  market?: MarketContext,
  asOf: string | null = market?.today ?? null,
): ModelWhatIfView {
  const definition = modelById(model);
  const plain = bundleModelInput(bundle, { market, asOf });
  const fit = definition.fits(plain);
  const automatic = fit.fits ? tryModel(model, plain) : { error: fit.reason };
  const split = splitLevers(values);
  const current = fit.fits
    ? tryModel(model, bundleModelInput(bundle, { market, asOf, levers: split.levers, parameters: split.parameters }))
    : automatic;
  const defaults = defaultsOf(model, bundle, market, automatic);
  const groups = LEVER_GROUPS[model].map((group) => ({
    title: group.title,
    levers: group.keys.map((key): LeverView => {
      const manual = values[key] !== undefined;
      const defaultValue = defaults.values[key] ?? null;
      return {
        key,
        label: leverRule(key).label,
        rule: leverRule(key),
        unit: leverUnit(key, leverRule(key)),
        value: values[key] ?? defaultValue,
        defaultValue,
        basis: manual ? USER_SET : (defaults.basis[key] ?? ''),
        manual,
      };
    }),
  }));
  const result = 'error' in current ? null : current;
  const price = market?.quote && market.quote.price > 0 ? market.quote.price : null;
  return {
    model,
    name: definition.name,
    description: definition.description,
    formulas: MODEL_EXPLANATIONS[model].formulas,
    company: bundle.company,
    groups,
    result,
    error: 'error' in current ? current.error : null,
    automaticPerShare: 'error' in automatic ? null : automatic.value_per_share,
    sharesSource: result ? SHARE_SOURCE_LABELS[result.shares_source] : null,
    price,
    marginOfSafety: price === null || !result ? null : marginOfSafety(result.value_per_share, price),
  };
}

/** How many levers the reader has set. */
export function countLevers(values: LeverValues): number {
  return Object.values(values).filter((value) => value !== undefined).length;
}
