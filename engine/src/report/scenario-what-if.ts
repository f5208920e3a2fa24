import { SCENARIO_DRIVERS, type ScenarioInputs } from '../uncertainty/scenarios.ts';
import { baseScenarioOf, scenarioValue, storyStartOf, weightedValue } from '../uncertainty/uncertainty.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { uncertaintyStart } from './uncertainty-view.ts';
import type { SummaryQuote } from './valuation-summary-view.ts';

/** A caller's scenario: a name, a weight (0…1) and any of the six drivers; one left out is 基准's. */
export type ScenarioAsked = { readonly name: string; readonly weight: number } & Partial<ScenarioInputs>;

export interface ScenarioValues {
  readonly scenarios: readonly {
    readonly name: string;
    readonly weight: number;
    readonly value_per_share: number | null;
    readonly refusal: string | null;
  }[];
  readonly weighted_value: number | null;
}

/**
 * The what-if's scenarios valued by the story model on the company's bundle (docs/model.md, uncertainty), as
 * the custom page values its own: each one's value per share and their weighted value. Throws the engine's
 * ValuationError where no range can be given (a financial or summary-only company, no share count).
 */
export function scenarioValuesOf(
  bundle: CompanyBundle,
  quote: SummaryQuote | null,
  asOf: string | null,
  asked: readonly ScenarioAsked[],
): ScenarioValues {
  const start = storyStartOf(uncertaintyStart(bundle, quote, asOf));
  const base = baseScenarioOf(start.scenarios).inputs;
  const values = asked.map((scenario, index) => {
    const inputs = Object.fromEntries(
      SCENARIO_DRIVERS.map((driver) => [driver, scenario[driver] ?? base[driver]]),
    ) as ScenarioInputs;
    const { name, weight } = scenario;
    const id = `what-if-${index + 1}`;
    return scenarioValue(start.base, { id, company: bundle.company.code, name, weight, inputs });
  });
  return {
    scenarios: values.map(({ name, weight, value_per_share, refusal }) => ({ name, weight, value_per_share, refusal })),
    weighted_value: weightedValue(values),
  };
}
