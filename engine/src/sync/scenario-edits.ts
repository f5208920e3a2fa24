import {
  EXCESS_RETURN_SCENARIO_INPUT_NAMES,
  type ExcessReturnScenarioInputName,
  SCENARIO_INPUT_NAMES,
  type ScenarioInputName,
} from '../valuation/parameter-rules.ts';

/**
 * A user's valuation scenarios as the `scenarios` sync table keeps them (docs/sync.md): zod-free, so the
 * pending edits are laid over the pulled rows without the protocol's schemas.
 */

export const SCENARIO_MUTATIONS = ['putScenario', 'deleteScenario'] as const;
export type ScenarioMutationName = (typeof SCENARIO_MUTATIONS)[number];

export function isScenarioMutation(name: string): name is ScenarioMutationName {
  return (SCENARIO_MUTATIONS as readonly string[]).includes(name);
}

/**
 * How many live scenarios a user may keep: per company (a handful of weighted stories) and in all. The
 * server refuses one more (`scenario_limit`); the page says so before queueing it.
 */
export const SCENARIO_LIMITS = {
  perCompany: 12,
  perUser: 300,
  /** Characters of a scenario's name. */
  nameMax: 40,
} as const;

/**
 * Why one more scenario cannot be kept, given the user's live scenarios of its company and in all; null
 * when it can. The server refuses it so (`scenario_limit`), the page says so before queueing it.
 */
export function scenarioLimitProblem(live: { readonly company: number; readonly total: number }): string | null {
  if (live.company >= SCENARIO_LIMITS.perCompany) {
    return `每家公司最多保存 ${SCENARIO_LIMITS.perCompany} 个估值情景，请先删除不用的情景`;
  }
  if (live.total >= SCENARIO_LIMITS.perUser) {
    return `最多保存 ${SCENARIO_LIMITS.perUser} 个估值情景，请先删除不用的情景`;
  }
  return null;
}

/** The valuation models a scenario's drivers belong to: the story model's six, or excess returns' three. */
export const SCENARIO_MODELS = ['story', 'excess_return'] as const;
export type ScenarioModel = (typeof SCENARIO_MODELS)[number];
export function isScenarioModel(value: unknown): value is ScenarioModel {
  return (SCENARIO_MODELS as readonly unknown[]).includes(value);
}
/** Each model's scenario inputs, in the order a share link writes them. */
export const SCENARIO_MODEL_INPUTS = {
  story: SCENARIO_INPUT_NAMES,
  excess_return: EXCESS_RETURN_SCENARIO_INPUT_NAMES,
} as const satisfies Record<ScenarioModel, readonly string[]>;

/** What every scenario holds: its id (chosen by the browser), the company's code, its name and weight. */
interface ScenarioHead {
  readonly id: string;
  readonly company: string;
  readonly name: string;
  readonly weight: number;
}

/** A story-model scenario (what a browser of before queued carries no `model`: the contract reads it so). */
export interface StoryStoredScenario extends ScenarioHead {
  readonly model: 'story';
  readonly inputs: Readonly<Record<ScenarioInputName, number>>;
}

/** An excess-return scenario (banks, insurers, brokers, summary-only companies): ROE, Ke and g. */
export interface ExcessReturnStoredScenario extends ScenarioHead {
  readonly model: 'excess_return';
  readonly inputs: Readonly<Record<ExcessReturnScenarioInputName, number>>;
}

/** A scenario: its model's drivers (fractions), a name and a weight. */
export type StoredScenario = StoryStoredScenario | ExcessReturnStoredScenario;

/**
 * A scenario row's key: the owner's username (lower case: usernames are case-insensitive) and the id.
 * Pulls carry only the caller's rows, so a browser shared by two users keeps each one's apart.
 */
export function scenarioKey(username: string, id: string): string {
  return `${username.toLowerCase()}|${id}`;
}

/** A scenario row's data as it travels (`inputs` as an object; stored as JSON text). */
export type ScenarioRowData = {
  readonly username: string;
  readonly id: string;
  readonly company_code: string;
  readonly name: string;
  readonly weight: number;
  readonly updated_at: string;
} & (
  | { readonly model: 'story'; readonly inputs: StoryStoredScenario['inputs'] }
  | { readonly model: 'excess_return'; readonly inputs: ExcessReturnStoredScenario['inputs'] }
);

/** The row's data once a pending edit applies, as the server will apply it: a deletion leaves nothing. */
export function scenarioAfterEdit(
  name: ScenarioMutationName,
  args: { readonly user: string; readonly scenario?: StoredScenario },
  madeAt: number,
): Record<string, unknown> | null {
  if (name === 'deleteScenario' || !args.scenario) return null;
  const { id, company, name: scenarioName, weight, model, inputs } = args.scenario;
  return {
    username: args.user.toLowerCase(),
    id,
    company_code: company,
    name: scenarioName,
    weight,
    model,
    inputs,
    updated_at: new Date(madeAt).toISOString(),
  };
}

/** The scenario a row's data holds (the row's shape checked by the caller). */
export function scenarioOfRow(data: ScenarioRowData): StoredScenario {
  const head = { id: data.id, company: data.company_code, name: data.name, weight: data.weight };
  return data.model === 'excess_return'
    ? { ...head, model: data.model, inputs: data.inputs }
    : { ...head, model: data.model, inputs: data.inputs };
}
