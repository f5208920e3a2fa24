import type { SensitivityGrid } from '@fcf/engine';
import { formatAmount, formatPercent } from '../lib/format.ts';
import { numberCellClass } from './number-cell.ts';
import { TableScroll } from './TableScroll.tsx';
import './SensitivityTable.css';

/** The sensitivity table's mark for a value that does not exist (WACC ≤ g). */
const NO_VALUE = '—';

function indexOfRate(rates: readonly number[], rate: number): number {
  return rates.findIndex((candidate) => Math.abs(candidate - rate) < 1e-9);
}

/** Value per share over WACC (rows) × terminal growth (columns), the base case highlighted; folded by default. */
export function SensitivityTable({ grid, wacc, g }: { grid: SensitivityGrid; wacc: number; g: number }) {
  const baseRow = indexOfRate(grid.waccs, wacc);
  const baseColumn = indexOfRate(grid.growths, g);
  return (
    <details className="sensitivity">
      <summary>敏感性分析：每股价值（元）随 WACC 与永续增长率 g 的变化</summary>
      <TableScroll label="每股价值敏感性分析">
        <table className="data-table sensitivity-table">
          <caption>行为 WACC，列为永续增长率 g；高亮为当前估值假设，“—”表示 WACC 不高于 g、无法估值</caption>
          <thead>
            <tr>
              <th scope="col">WACC \ g</th>
              {grid.growths.map((growth, column) => (
                <th key={growth} scope="col" className={column === baseColumn ? 'num is-base-axis' : 'num'}>
                  {formatPercent(growth)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.waccs.map((rowWacc, row) => (
              <tr key={rowWacc}>
                <th scope="row" className={row === baseRow ? 'is-base-axis' : undefined}>
                  {formatPercent(rowWacc)}
                </th>
                {grid.growths.map((growth, column) => {
                  const value = grid.values[row]?.[column] ?? null;
                  const base = row === baseRow && column === baseColumn;
                  return (
                    <td key={growth} className={`${numberCellClass(value)}${base ? ' is-base' : ''}`}>
                      {value === null ? NO_VALUE : formatAmount(value)}
                      {base ? <span className="visually-hidden">（当前假设）</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}
