import { isValuationError } from '../errors.ts';
import { marginOfSafety } from '../market/price-against-value.ts';
import { MODEL_EXPLANATIONS, type ModelFormula } from '../valuation/models/model-formulas.ts';
import type { ModelFigure, ModelId, ModelInput, ModelLevers, ModelResult } from '../valuation/models/model-types.ts';
import { modelById, preferredModel, VALUATION_MODELS } from '../valuation/models/registry.ts';
import {
  type AdjustableParameter,
  isAdjustableParameter,
  MODEL_PARAMETER_RULES,
  type ModelParameterKey,
  PARAMETER_RULES,
  type ParameterRule,
  rangeText,
} from '../valuation/parameter-rules.ts';
import type { ValuationSettings } from '../valuation/parameters.ts';
import type { ValuationWarning } from '../valuation/warnings.ts';
import { bundleListedShares } from './bundle-input.ts';
import type { CompanyBundle, MarketContext } from './company-bundle.ts';
import { formatAmount, formatPercent } from './format.ts';

/**
 * The models of the registry as the 估值模型 page shows them (what each fits, its formulas and levers with
 * their ranges), and one company valued by every model that applies, side by side, with the spread between
 * the values said in words. Built from a company bundle, so the worker computes it offline.
 */

/** A lever of a model with its Chinese label and the range of the one range table. */
export interface ModelParameterView {
  readonly key: AdjustableParameter | ModelParameterKey;
  readonly label: string;
  readonly range: string;
}

export interface ModelCatalogueEntry {
  readonly id: ModelId;
  readonly name: string;
  readonly description: string;
  readonly fits: string;
  readonly notFits: string;
  /** The data it reads, in Chinese. */
  readonly needs: readonly string[];
  readonly formulas: readonly ModelFormula[];
  readonly parameters: readonly ModelParameterView[];
}

/** A lever's rule in the one range table: the FCFF's parameters, or the other models'. */
export function leverRule(key: AdjustableParameter | ModelParameterKey): ParameterRule {
  return isAdjustableParameter(key) ? PARAMETER_RULES[key] : MODEL_PARAMETER_RULES[key];
}

/** Every model of the registry, in its order, as the 估值模型 page lists them. */
export function modelCatalogue(): ModelCatalogueEntry[] {
  return VALUATION_MODELS.map((model) => {
    const explanation = MODEL_EXPLANATIONS[model.id];
    return {
      id: model.id,
      name: model.name,
      description: model.description,
      fits: explanation.fits,
      notFits: explanation.notFits,
      needs: model.needs.map((need) => need.label),
      formulas: explanation.formulas,
      parameters: model.parameters.map((key) => {
        const rule = leverRule(key);
        return { key, label: rule.label, range: rangeText(rule) };
      }),
    };
  });
}

/** What a model values a bundled company from, as of `asOf`, with the reader's levers and parameters. */
export function bundleModelInput(
  bundle: CompanyBundle,
  options: {
    readonly market?: MarketContext | undefined;
    readonly asOf?: string | null;
    readonly levers?: ModelLevers;
    readonly parameters?: Partial<ValuationSettings>;
  } = {},
): ModelInput {
  return {
    statements: bundle.statements,
    parameters: { ...bundle.parameters, ...options.parameters },
    overrides: bundle.overrides,
    waccAssumptions: bundle.waccAssumptions,
    platform: bundle.platform ?? null,
    industry: bundle.company.industry,
    asOf: options.asOf ?? null,
    listedShares: bundleListedShares(bundle, options.market?.quote),
    choices: bundle.admin_choices ?? null,
    ...(options.levers ? { levers: options.levers } : {}),
  };
}

/** One model's answer for a company: its value, or why it has none. */
export interface ModelValueEntry {
  readonly model: ModelId;
  readonly name: string;
  /** The model the company is valued by when nobody chooses. */
  readonly preferred: boolean;
  readonly fits: boolean;
  /** Why it does not fit, or why it could not value the company; null when it did. */
  readonly reason: string | null;
  readonly value_per_share: number | null;
  readonly equity_value: number | null;
  readonly figures: readonly ModelFigure[];
  readonly warnings: readonly ValuationWarning[];
  /** Against the latest price, when there is one and a value per share. */
  readonly margin_of_safety: number | null;
}

export interface ModelComparisonView {
  readonly company: CompanyBundle['company'];
  readonly preferred: ModelId | null;
  readonly price: number | null;
  readonly entries: readonly ModelValueEntry[];
  /** The spread between the models' values per share, in words. */
  readonly spread: string;
}

/** A model's result, or the valuation error's message (anything else is a bug and is thrown). */
export function tryModel(id: ModelId, input: ModelInput): ModelResult | { readonly error: string } {
  try {
    return modelById(id).value(input);
  } catch (error) {
    if (isValuationError(error)) return { error: error.message };
    throw error;
  }
}

/** The key figures beside a value (the first few of the model's own; the table stays on the custom page). */
const COMPARED_FIGURES: Readonly<Record<ModelId, readonly string[]>> = {
  fcff: ['wacc', 'terminal_growth', 'enterprise_value', 'equity_value'],
  excess_return: ['cost_of_equity', 'normalised_roe', 'equity_value', 'implied_pb', 'justified_pb'],
  story: ['operating_assets', 'equity_value'],
};

function entryOf(id: ModelId, input: ModelInput, preferred: ModelId | null, price: number | null): ModelValueEntry {
  const model = modelById(id);
  const base = { model: id, name: model.name, preferred: preferred === id };
  const fit = model.fits(input);
  const empty = { value_per_share: null, equity_value: null, figures: [], warnings: [], margin_of_safety: null };
  if (!fit.fits) return { ...base, ...empty, fits: false, reason: fit.reason };
  const result = tryModel(id, input);
  if ('error' in result) return { ...base, ...empty, fits: true, reason: result.error };
  const wanted = COMPARED_FIGURES[id];
  return {
    ...base,
    fits: true,
    reason: null,
    value_per_share: result.value_per_share,
    equity_value: result.equity_value,
    figures: result.figures.filter((figure) => wanted.includes(figure.key)),
    warnings: result.warnings,
    margin_of_safety: price === null ? null : marginOfSafety(result.value_per_share, price),
  };
}

const yuan = (value: number) => `${formatAmount(value)} 元`;

/** The spread between the models' values per share, in words: which is highest, lowest, by how much, and what it means. */
export function spreadText(entries: readonly ModelValueEntry[]): string {
  const valued = entries.filter(
    (entry): entry is ModelValueEntry & { value_per_share: number } => entry.value_per_share !== null,
  );
  if (valued.length === 0) {
    return '没有模型给出有意义的每股价值：各模型不适用或股权价值不为正，原因见下。';
  }
  const [only] = valued;
  if (valued.length === 1 && only) {
    return `只有${only.name}给出每股价值（${yuan(only.value_per_share)}），其他模型不适用于该公司或没有有意义的结果，无从比较。`;
  }
  const sorted = [...valued].sort((a, b) => a.value_per_share - b.value_per_share);
  const low = sorted[0] as (typeof sorted)[number];
  const high = sorted[sorted.length - 1] as (typeof sorted)[number];
  const spread = high.value_per_share / low.value_per_share - 1;
  const range = `${valued.length} 个模型的每股价值在 ${yuan(low.value_per_share)}（${low.name}）至 ${yuan(high.value_per_share)}（${high.name}）之间，最高比最低高 ${formatPercent(spread)}`;
  if (spread < 0.15) return `${range}：差异不大，结论对模型的选择不敏感。`;
  if (spread < 0.5)
    return `${range}：差异明显，价值取决于所选模型的假设（增长、利润率、资本成本或ROE的走势），请对照各模型的参数。`;
  return `${range}：差异很大，结论主要取决于模型及其假设，单一模型的价值不宜作为唯一依据。`;
}

/** The company valued by every model of the registry that applies, side by side. */
export function modelComparison(
  bundle: CompanyBundle,
  market?: MarketContext,
  asOf: string | null = market?.today ?? null,
): ModelComparisonView {
  const input = bundleModelInput(bundle, { market, asOf });
  const preferred = preferredModel(input);
  const price = market?.quote && market.quote.price > 0 ? market.quote.price : null;
  const entries = VALUATION_MODELS.map((model) => entryOf(model.id, input, preferred, price));
  return { company: bundle.company, preferred, price, entries, spread: spreadText(entries) };
}
