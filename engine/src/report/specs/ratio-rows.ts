import type { RatioValue } from '../../history/ratio-value.ts';
import type { ValueUnit } from '../format.ts';
import type { ToneKind } from '../tone.ts';
import { tableRow } from './spec-parts.ts';
import type { TableRowSpec } from './spec-types.ts';

/** The text of a ratio that is not meaningful (its reason is listed under the table). */
export const NOT_MEANINGFUL_TEXT = 'n.m.';

/** A row of ratios: a figure, "n.m." when not meaningful, a dash when missing. */
export function ratioRow(
  key: string,
  label: string,
  unit: ValueUnit,
  toneKind: ToneKind,
  ratios: readonly RatioValue[],
): TableRowSpec {
  const row = tableRow(
    key,
    label,
    unit,
    toneKind,
    ratios.map((ratio) => ratio.value),
  );
  return { ...row, texts: row.texts.map((text, index) => (ratios[index]?.reason ? NOT_MEANINGFUL_TEXT : text)) };
}

/** '2019年 利息保障倍数：n.m.（…）' for each not-meaningful figure, one line per label and reason. */
export function notMeaningfulHints(
  entries: readonly {
    readonly label: string;
    readonly columns: readonly string[];
    readonly ratios: readonly RatioValue[];
  }[],
): string[] {
  const hints: string[] = [];
  for (const { label, columns, ratios } of entries) {
    const byReason = new Map<string, string[]>();
    ratios.forEach((ratio, index) => {
      if (ratio.reason === null) return;
      byReason.set(ratio.reason, [...(byReason.get(ratio.reason) ?? []), columns[index] ?? '']);
    });
    for (const [reason, where] of byReason)
      hints.push(`${label}（${where.join('、')}）${NOT_MEANINGFUL_TEXT}：${reason}`);
  }
  return hints;
}
