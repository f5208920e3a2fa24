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

export function describeEdit(name: string, args: unknown): EditDescription {
  const fields = (args ?? {}) as Record<string, unknown>;
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
