import {
  type ExcessReturnStoredScenario,
  isScenarioModel,
  SCENARIO_LIMITS,
  SCENARIO_MODEL_INPUTS,
  type StoredScenario,
  type StoryStoredScenario,
  storedScenarioSchema,
} from '@fcf/engine/sync';

/**
 * Scenarios carried in a share link (`/valuation-custom?company=…&scenarios=…`): the link's reader sees
 * them read-only and may save copies as their own. Compact: a story scenario is `[name, weight, …the six
 * inputs in SCENARIO_INPUT_NAMES order]`, one of another model `[name, weight, model, …its inputs in
 * SCENARIO_MODEL_INPUTS order]` (a link of before carries story rows only), the list as JSON in base64url (UTF-8)
 * behind a format mark; ids and owners never travel. Read back through the scenario contract, so a
 * link edited by hand cannot carry what the store would refuse.
 */

export const SCENARIO_LINK_PARAM = 'scenarios';
const FORMAT = '1.';
/** Longest parameter read: a full company's worth of scenarios with long names fits several times. */
const MAX_PARAM_LENGTH = 8000;

/** A scenario read from a link: what it carries, without an id of its own yet. */
export type SharedScenario = Omit<StoryStoredScenario, 'id'> | Omit<ExcessReturnStoredScenario, 'id'>;

const rounded = (value: number) => Number(value.toFixed(6));

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(encoded: string): string {
  const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The link parameter's value for these scenarios (at most a company's limit of them). */
export function scenarioLinkValue(scenarios: readonly StoredScenario[]): string {
  const rows = scenarios.slice(0, SCENARIO_LIMITS.perCompany).map((scenario) => {
    const inputs: Readonly<Record<string, number>> = scenario.inputs;
    const values = SCENARIO_MODEL_INPUTS[scenario.model].map((name) => rounded(inputs[name] ?? Number.NaN));
    const head = [scenario.name, rounded(scenario.weight)];
    return scenario.model === 'story' ? [...head, ...values] : [...head, scenario.model, ...values];
  });
  return FORMAT + toBase64Url(JSON.stringify(rows));
}

/** What a link's parameter holds: nothing, its scenarios, or why they cannot be read. */
export type ScenarioLinkReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'scenarios'; readonly scenarios: readonly SharedScenario[] }
  | { readonly kind: 'invalid'; readonly message: string };

const INVALID = '链接中的估值情景无法读取（链接不完整或已被修改），已忽略';

/** Reads a link's scenarios for `company` (its code), each checked as the store would check it. */
export function readScenarioLink(value: string | null, company: string): ScenarioLinkReading {
  if (value === null || value === '') return { kind: 'none' };
  if (value.length > MAX_PARAM_LENGTH || !value.startsWith(FORMAT)) return { kind: 'invalid', message: INVALID };
  let rows: unknown;
  try {
    rows = JSON.parse(fromBase64Url(value.slice(FORMAT.length)));
  } catch {
    return { kind: 'invalid', message: INVALID };
  }
  if (!Array.isArray(rows) || rows.length === 0 || rows.length > SCENARIO_LIMITS.perCompany) {
    return { kind: 'invalid', message: INVALID };
  }
  const scenarios: SharedScenario[] = [];
  for (const [index, row] of rows.entries()) {
    if (!Array.isArray(row)) return { kind: 'invalid', message: INVALID };
    const [name, weight, ...rest] = row;
    const model = typeof rest[0] === 'string' ? rest.shift() : 'story';
    const names = isScenarioModel(model) ? SCENARIO_MODEL_INPUTS[model] : null;
    if (!names || rest.length !== names.length) return { kind: 'invalid', message: INVALID };
    const parsed = storedScenarioSchema.safeParse({
      id: `shared-${index}`,
      company,
      name,
      weight,
      model,
      inputs: Object.fromEntries(names.map((input, at) => [input, rest[at]])),
    });
    if (!parsed.success) {
      return { kind: 'invalid', message: `${INVALID}：${parsed.error.issues[0]?.message ?? ''}` };
    }
    const { id: _, ...shared } = parsed.data;
    scenarios.push(shared);
  }
  return { kind: 'scenarios', scenarios };
}

/** The page's address with these scenarios in it (replacing any it carries). */
export function scenarioShareUrl(href: string, scenarios: readonly StoredScenario[]): string {
  const url = new URL(href);
  url.searchParams.set(SCENARIO_LINK_PARAM, scenarioLinkValue(scenarios));
  return url.toString();
}
