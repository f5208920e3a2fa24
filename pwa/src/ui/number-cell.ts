import { EMPTY, type Tone } from '@fcf/engine/report';

/** Right-aligned tabular figure: a dash muted, a change red (rise) or green (fall) by the one colour rule. */
export function numberCellClass(text: string, tone: Tone = 'neutral'): string {
  if (text === EMPTY) return 'num is-empty';
  return tone === 'neutral' ? 'num' : `num tone-${tone}`;
}
