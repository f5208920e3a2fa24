import { isAdjustableParameter, PARAMETER_RULES } from '@fcf/engine';
import { formatPercent, yearLabel } from '@fcf/engine/report';

/** An edit as a person reads it: what it changes ("000333 2026E 折旧摊销/营业收入") and how its values show. */
export interface EditDescription {
  readonly label: string;
  /** A value of this edit's parameter as shown: percent, shares as typed, null as "（清除）". */
  readonly show: (value: unknown) => string;
  /** The key of the edited value in a synced row's data. */
  readonly dataKey: string;
}

export function describeEdit(name: string, args: unknown): EditDescription {
  const fields = (args ?? {}) as Record<string, unknown>;
  const parameter = String(fields.parameter ?? name);
  const rule = isAdjustableParameter(parameter) ? PARAMETER_RULES[parameter] : undefined;
  const year = typeof fields.year === 'number' ? yearLabel(fields.year, true) : null;
  const label = [fields.company, year, rule?.label ?? parameter].filter(Boolean).join(' ');
  const show = (value: unknown) =>
    typeof value === 'number' ? (rule?.percent === false ? String(value) : formatPercent(value)) : '（清除）';
  return { label, show, dataKey: year ? 'value' : parameter };
}
