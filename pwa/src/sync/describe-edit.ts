import { isAdjustableParameter, PARAMETER_RULES } from '@fcf/engine';
import { formatPercent, yearLabel } from '@fcf/engine/report';

/**
 * An edit as a person reads it: what it changes ("000333 2026E 折旧摊销/营业收入"), the value it sets, and
 * the server's value of the same thing from a synced row's data.
 */
export interface EditDescription {
  readonly label: string;
  /** What this edit sets: percent, shares as typed, null as "（清除）", a reset as what it restores. */
  readonly mine: string;
  /** The server's value of what the edit changes; '（无）' when the server has no such row. */
  readonly theirs: (serverData: Record<string, unknown> | null) => string;
}

const RESET_TO_AUTO = '恢复自动预测';

/** A scenario's data as a person reads it: its name, weight and discount rate (WACC, or Ke and ROE by excess returns). */
function scenarioSummary(data: Record<string, unknown> | null | undefined): string {
  if (!data) return '（已删除）';
  const inputs = (data.inputs ?? {}) as Record<string, unknown>;
  const percent = (value: unknown) => formatPercent(typeof value === 'number' ? value : null);
  const drivers =
    data.model === 'excess_return'
      ? `ROE ${percent(inputs.normalised_roe)} · Ke ${percent(inputs.cost_of_equity)}`
      : `WACC ${percent(inputs.wacc)}`;
  return `“${String(data.name ?? '')}” 权重 ${percent(data.weight)} · ${drivers}`;
}

/** A scenario saved or deleted: the scenario and what the server holds of it now. */
function describeScenarioEdit(
  name: 'putScenario' | 'deleteScenario',
  fields: Record<string, unknown>,
): EditDescription {
  const scenario = (fields.scenario ?? null) as Record<string, unknown> | null;
  return {
    label: scenario ? `估值情景“${String(scenario.name ?? '')}”（${String(scenario.company ?? '')}）` : '估值情景',
    mine: name === 'deleteScenario' ? '（删除）' : scenarioSummary(scenario),
    theirs: scenarioSummary,
  };
}

export function describeEdit(name: string, args: unknown): EditDescription {
  const fields = (args ?? {}) as Record<string, unknown>;
  if (name === 'putScenario' || name === 'deleteScenario') return describeScenarioEdit(name, fields);
  if (name === 'resetToAuto') {
    return {
      label: [fields.company, RESET_TO_AUTO].filter(Boolean).join(' '),
      mine: '清除人工参数',
      // A reset edits all of the company's manual values: the server's side is "changed by someone else".
      theirs: () => '已被他人修改的人工参数',
    };
  }
  const parameter = String(fields.parameter ?? name);
  const rule = isAdjustableParameter(parameter) ? PARAMETER_RULES[parameter] : undefined;
  const year = typeof fields.year === 'number' ? yearLabel(fields.year, true) : null;
  const label = [fields.company, year, rule?.label ?? parameter].filter(Boolean).join(' ');
  const show = (value: unknown) =>
    typeof value === 'number' ? (rule?.percent === false ? String(value) : formatPercent(value)) : '（清除）';
  const dataKey = year ? 'value' : parameter;
  return {
    label,
    mine: show(fields.value),
    theirs: (serverData) => (serverData ? show(serverData[dataKey]) : '（无）'),
  };
}
