import type { SensitivityGrid } from '../../valuation/sensitivity.ts';
import { formatAmount, formatPercent } from '../format.ts';
import type { DcfValuationView } from '../report-views.ts';
import { toneOf } from '../tone.ts';
import type { TableRowSpec } from './spec-types.ts';

/** The value per share over WACC (rows) × terminal growth g (columns), the current assumptions marked. */
export interface SensitivitySpec {
  readonly title: string;
  readonly caption: string;
  readonly cornerHeader: string;
  readonly columns: readonly string[];
  readonly rows: readonly TableRowSpec[];
  /** The row and column of the current WACC and g (-1 when not on the grid). */
  readonly baseRow: number;
  readonly baseColumn: number;
}

/** The mark of a value that does not exist (WACC ≤ g). */
export const NO_SENSITIVITY_VALUE = '—';
/** A cell whose equity value is not positive: no price-like figure (as the value per share itself). */
export const NOT_MEANINGFUL_SENSITIVITY_VALUE = '不适用';

function cellText(value: number | null): string {
  if (value === null) return NO_SENSITIVITY_VALUE;
  return value > 0 ? formatAmount(value) : NOT_MEANINGFUL_SENSITIVITY_VALUE;
}

function indexOfRate(rates: readonly number[], rate: number): number {
  return rates.findIndex((candidate) => Math.abs(candidate - rate) < 1e-9);
}

export function sensitivitySpec(grid: SensitivityGrid, wacc: number, g: number): SensitivitySpec {
  return {
    title: '敏感性分析：每股价值（元）随 WACC 与永续增长率 g 的变化',
    caption: `行为 WACC，列为永续增长率 g；标出的为当前估值假设，“${NO_SENSITIVITY_VALUE}”表示 WACC 不高于 g、无法估值，“${NOT_MEANINGFUL_SENSITIVITY_VALUE}”表示股权价值不为正`,
    cornerHeader: 'WACC \\ g',
    columns: grid.growths.map((growth) => formatPercent(growth)),
    rows: grid.waccs.map((rowWacc, row) => {
      const values = grid.growths.map((_, column) => grid.values[row]?.[column] ?? null);
      return {
        key: `wacc-${row}`,
        label: formatPercent(rowWacc),
        unit: 'yuan',
        toneKind: 'level',
        values,
        texts: values.map(cellText),
        tones: values.map((value) => toneOf(value, 'level')),
      };
    }),
    baseRow: indexOfRate(grid.waccs, wacc),
    baseColumn: indexOfRate(grid.growths, g),
  };
}

/** The grid of a valuation, when there is one and a value per share to vary (total shares known). */
export function dcfSensitivitySpec(dcf: DcfValuationView): SensitivitySpec | null {
  if (!dcf.sensitivity || dcf.valuation.total_shares <= 0) return null;
  return sensitivitySpec(dcf.sensitivity, dcf.wacc, dcf.g);
}
