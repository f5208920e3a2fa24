import { formatPercent } from '@fcf/engine/report';
import type { SharedScenario } from './scenario-link.ts';

/** A scenario's model and main drivers in one line, so a list tells a bank's scenarios from a story's. */
export function scenarioDetail(scenario: SharedScenario): string {
  const { model, inputs } = scenario;
  return model === 'excess_return'
    ? `超额收益模型 · ROE ${formatPercent(inputs.normalised_roe)} · Ke ${formatPercent(inputs.cost_of_equity)}`
    : `增长 ${formatPercent(inputs.revenue_growth)} · WACC ${formatPercent(inputs.wacc)}`;
}
