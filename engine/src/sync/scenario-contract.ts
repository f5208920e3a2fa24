import { z } from 'zod';
import { invisibleCharacterIn } from '../contract/invisible-characters.ts';
import {
  EXCESS_RETURN_SCENARIO_INPUT_RULES,
  type ParameterRule,
  rangeText,
  ruleViolation,
  SCENARIO_INPUT_RULES,
  SCENARIO_WEIGHT_RULE,
} from '../valuation/parameter-rules.ts';
import { companyCodeField, usernameField } from './arg-fields.ts';
import { SCENARIO_LIMITS, SCENARIO_MODELS, type ScenarioRowData, type StoredScenario } from './scenario-edits.ts';

/**
 * A stored valuation scenario as the sync protocol checks it, on the server and before the browser queues
 * it (docs/sync.md, the `scenarios` table): a name a person reads, a weight, and its model's inputs (the
 * story model's six, or excess returns' three) within the ranges of the engine's rule table.
 */

/** A number within a rule's range, with the rule's Chinese messages. */
function ruleNumber(rule: ParameterRule) {
  return z
    .number({ error: `${rule.label}：无效的数值` })
    .refine((value) => ruleViolation(rule, value) === undefined, `${rule.label}超出合理范围（${rangeText(rule)}）`);
}

/** A model's inputs, every one present and finite within its range, nothing else. */
function inputsOf<N extends string>(rules: Readonly<Record<N, ParameterRule>>) {
  const shape = Object.fromEntries(
    Object.entries<ParameterRule>(rules).map(([name, rule]) => [name, ruleNumber(rule)]),
  );
  return z.strictObject(shape as Record<N, ReturnType<typeof ruleNumber>>);
}

/** The story model's six inputs. */
export const scenarioInputsSchema = inputsOf(SCENARIO_INPUT_RULES);
/** Excess returns' three inputs: the normalised ROE, the cost of equity and g. */
export const excessReturnScenarioInputsSchema = inputsOf(EXCESS_RETURN_SCENARIO_INPUT_RULES);

const MODEL_ERROR = `情景的估值模型无效（应为 ${SCENARIO_MODELS.join(' 或 ')}）`;
/** Which inputs a scenario carries, by its model; without one (a browser of before) it is the story model's. */
function byModel<T extends z.core.$ZodLooseShape>(head: T) {
  return z.discriminatedUnion(
    'model',
    [
      z.strictObject({ ...head, model: z.literal('story').default('story'), inputs: scenarioInputsSchema }),
      z.strictObject({ ...head, model: z.literal('excess_return'), inputs: excessReturnScenarioInputsSchema }),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? MODEL_ERROR : undefined) },
  );
}

/** A scenario's id: chosen by the browser (a UUID), letters, digits and hyphens. */
export const scenarioIdField = z
  .string()
  .min(1, '情景编号不能为空')
  .max(64, '情景编号过长')
  .regex(/^[A-Za-z0-9-]+$/, '情景编号只能包含字母、数字和连字符');

/**
 * The name as a person typed it once made canonical: NFKC (full-width letters and digits are the ones
 * they look like) and trimmed. The page stores this form; the server refuses any other.
 */
export function canonicalScenarioName(name: string): string {
  return name.normalize('NFKC').trim();
}

/**
 * A name others may read (a share link carries it): 1–40 characters, already canonical, and without
 * invisible characters, with which '乐观\u200B' would look like 乐观 and be another name.
 */
export const scenarioNameField = z
  .string({ error: '情景名称无效' })
  .min(1, '情景名称不能为空')
  .superRefine((name, context) => {
    if ([...name].length > SCENARIO_LIMITS.nameMax) {
      context.addIssue({ code: 'custom', message: `情景名称不能超过${SCENARIO_LIMITS.nameMax}个字符` });
      return;
    }
    const invisible = invisibleCharacterIn(name);
    if (invisible) {
      context.addIssue({ code: 'custom', message: `情景名称含有不可见字符或文字方向控制字符（${invisible}）` });
      return;
    }
    if (name !== canonicalScenarioName(name)) {
      context.addIssue({ code: 'custom', message: '情景名称应为规范形式（NFKC，首尾无空白）' });
    }
  });

export const storedScenarioSchema = byModel({
  id: scenarioIdField,
  company: companyCodeField,
  name: scenarioNameField,
  weight: ruleNumber(SCENARIO_WEIGHT_RULE),
}) satisfies z.ZodType<StoredScenario>;

/** Saves (creates or replaces) one of the pusher's scenarios. */
export const putScenarioArgs = z.strictObject({ user: usernameField, scenario: storedScenarioSchema });
/** Deletes one of the pusher's scenarios (a tombstone, so their other browsers learn of it). */
export const deleteScenarioArgs = z.strictObject({ user: usernameField, id: scenarioIdField });

/** A pulled scenario row's data (a row kept from before the model travelled is the story model's). */
export const scenarioRowSchema = byModel({
  username: z.string(),
  id: scenarioIdField,
  company_code: companyCodeField,
  name: scenarioNameField,
  weight: ruleNumber(SCENARIO_WEIGHT_RULE),
  updated_at: z.string(),
}) satisfies z.ZodType<ScenarioRowData>;
