import type { StatementItem } from '../../statements/items.ts';
import type { CompanyValuation, CompanyValuationInput } from '../company-valuation.ts';
import type { AdjustableParameter, ModelParameterKey } from '../parameter-rules.ts';
import type { ShareSource } from '../shares.ts';
import type { ValuationWarning } from '../warnings.ts';
import type { ExcessReturnDetail } from './excess-return-model.ts';
import type { StoryDetail } from './story-model.ts';

/**
 * The valuation models a company can be valued by (docs/model.md, the model registry): the product's
 * five-year FCFF DCF, excess returns (residual income) for banks, insurers, brokers and companies with only
 * financial summaries, and the ten-year story FCFF a person tells with their own levers.
 */
export const MODEL_IDS = ['fcff', 'excess_return', 'story'] as const;
export type ModelId = (typeof MODEL_IDS)[number];

/** How a row's or figure's numbers read: an amount (亿元, or the caller's unit), a fraction shown in percent, … */
export type ModelUnit = 'amount' | 'fraction' | 'times' | 'factor' | 'per_share' | 'shares' | 'year';

/** One labelled row of a model's table: a value per column (null where the column has none). */
export interface ModelRow {
  readonly key: string;
  readonly label: string;
  readonly unit: ModelUnit;
  readonly values: readonly (number | null)[];
}

/** One labelled figure beside the table (the cost of equity, the justified P/B, the terminal value, …). */
export interface ModelFigure {
  readonly key: string;
  readonly label: string;
  readonly unit: ModelUnit;
  readonly value: number | null;
}

/** What every model answers: one shape, whatever the model (the `detail` is the model's own computation). */
export interface ModelResultBase {
  readonly model: ModelId;
  /** 元 (or the caller's unit); null when not meaningful: no share count, or an equity value ≤ 0. */
  readonly value_per_share: number | null;
  readonly equity_value: number;
  /** The table's column headings: the forecast years, then the terminal column. */
  readonly columns: readonly string[];
  readonly rows: readonly ModelRow[];
  readonly figures: readonly ModelFigure[];
  readonly warnings: readonly ValuationWarning[];
  /** 亿股; null when unknown. */
  readonly shares: number | null;
  readonly shares_source: ShareSource;
}

export interface FcffResult extends ModelResultBase {
  readonly model: 'fcff';
  readonly detail: CompanyValuation;
}
export interface ExcessReturnResult extends ModelResultBase {
  readonly model: 'excess_return';
  readonly detail: ExcessReturnDetail;
}
export interface StoryResult extends ModelResultBase {
  readonly model: 'story';
  readonly detail: StoryDetail;
}
export type ModelResult = FcffResult | ExcessReturnResult | StoryResult;

/**
 * The model a company's value comes from (docs/model.md 15.1): the FCFF, whose figures are the valuation's
 * own DCF; excess returns, with its result; or none, with the reason in Chinese.
 */
export type ChosenModel =
  | { readonly id: 'fcff'; readonly result: null; readonly reason: null }
  | { readonly id: 'excess_return'; readonly result: ExcessReturnResult; readonly reason: null }
  | { readonly id: null; readonly result: null; readonly reason: string };

/** Whether a model applies to a company, and in Chinese why not. */
export type ModelFit = { readonly fits: true } | { readonly fits: false; readonly reason: string };

/** What a model's fit is decided on: the company's statements and its industry. */
export type ModelContext = Pick<CompanyValuationInput, 'statements' | 'industry'>;

/** A model's levers a person set (its parameter table's keys); an absent one takes the company's default. */
export type ModelLevers = Readonly<Partial<Record<ModelParameterKey, number>>>;

/** What a model values: the company as the FCFF takes it, and the levers of the other models. */
export interface ModelInput extends CompanyValuationInput {
  readonly levers?: ModelLevers;
}

/** Data a model needs: any one of the items will do (a Chinese label says what it is). */
export interface ModelNeed {
  readonly label: string;
  readonly items: readonly StatementItem[];
}

/** A model of the registry: what it is, what it needs, whom it fits, its levers and how it values. */
export interface ValuationModel<Result extends ModelResult = ModelResult> {
  readonly id: Result['model'];
  /** Chinese name and one-line description, as the 估值模型 page shows them. */
  readonly name: string;
  readonly description: string;
  readonly needs: readonly ModelNeed[];
  /** The levers a person may set, each with its range in parameter-rules.ts. */
  readonly parameters: readonly (AdjustableParameter | ModelParameterKey)[];
  fits(context: ModelContext): ModelFit;
  /** Throws a ValuationError when the model cannot value the input (check `fits` and the levers first). */
  value(input: ModelInput): Result;
}
