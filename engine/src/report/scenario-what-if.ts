import { ValuationError } from '../errors.ts';
import { EXCESS_RETURN_DRIVERS, type ExcessReturnDriver } from '../uncertainty/excess-return-range.ts';
import type { RangeInputs, RangeScenario } from '../uncertainty/range-model.ts';
import { SCENARIO_DRIVERS, type ScenarioInputs } from '../uncertainty/scenarios.ts';
import { baseScenarioOf, rangeModelOf, rangeScenarioValue, weightedValue } from '../uncertainty/uncertainty.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { uncertaintyStart } from './uncertainty-view.ts';
import type { SummaryQuote } from './valuation-summary-view.ts';

/**
 * A caller's scenario: a name, a weight (0…1) and any drivers of the company's model (the story model's
 * six, or excess returns' ROE, Ke and g); one left out is 基准's.
 */
export type ScenarioAsked = { readonly name: string; readonly weight: number } & Partial<ScenarioInputs> &
  Partial<Readonly<Record<ExcessReturnDriver, number>>>;

export interface ScenarioValues {
  readonly scenarios: readonly {
    readonly name: string;
    readonly weight: number;
    readonly value_per_share: number | null;
    readonly refusal: string | null;
  }[];
  readonly weighted_value: number | null;
}

const MODEL_WORDS = {
  story:
    '该公司按故事估值模型（FCFF）估值，情景的驱动因素为 revenue_growth、target_margin、sales_to_capital、wacc、terminal_growth、tax_rate',
  excess_return: '该公司按超额收益模型估值，情景的驱动因素为 normalised_roe、cost_of_equity、terminal_growth',
} as const;
const ALL_DRIVERS: readonly (keyof ScenarioAsked)[] = [...new Set([...SCENARIO_DRIVERS, ...EXCESS_RETURN_DRIVERS])];

/**
 * The what-if's scenarios valued by the company's own range model on its bundle (docs/model.md,
 * uncertainty), as the custom page values its own: the story model for an FCFF company, excess returns for
 * a bank, an insurer, a broker or a summary-only company; each one's value per share and their weighted
 * value. A driver of the other model is INVALID_MODEL_INPUT naming it (`scenarios.0.revenue_growth`);
 * throws the engine's ValuationError where no range can be given (no share count).
 */
export function scenarioValuesOf(
  bundle: CompanyBundle,
  quote: SummaryQuote | null,
  asOf: string | null,
  asked: readonly ScenarioAsked[],
): ScenarioValues {
  const start = uncertaintyStart(bundle, quote, asOf);
  const model = rangeModelOf(start);
  const drivers: readonly string[] = model.drivers;
  const base: RangeInputs = baseScenarioOf<RangeScenario>(start.scenarios).inputs;
  const values = asked.map((scenario, index) => {
    const foreign = ALL_DRIVERS.find((driver) => scenario[driver] !== undefined && !drivers.includes(driver));
    if (foreign)
      throw new ValuationError('INVALID_MODEL_INPUT', `scenarios.${index}.${foreign}`, MODEL_WORDS[start.model]);
    const given: Readonly<Record<string, number | string | undefined>> = scenario;
    const inputs = Object.fromEntries(
      drivers.map((driver) => {
        const value = given[driver];
        return [driver, typeof value === 'number' ? value : (base[driver] ?? Number.NaN)];
      }),
    );
    const { name, weight } = scenario;
    return rangeScenarioValue(model, {
      id: `what-if-${index + 1}`,
      company: bundle.company.code,
      name,
      weight,
      inputs,
    });
  });
  return {
    scenarios: values.map(({ name, weight, value_per_share, refusal }) => ({ name, weight, value_per_share, refusal })),
    weighted_value: weightedValue(values),
  };
}
