import type { SensitivityGrid } from '@fcf/engine';
import { sensitivitySpec } from '@fcf/engine/report';
import { numberCellClass } from './number-cell.ts';
import { TableScroll } from './TableScroll.tsx';
import './SensitivityTable.css';

/** Value per share over WACC (rows) × terminal growth (columns), the base case highlighted; folded by default. */
export function SensitivityTable({
  grid,
  wacc,
  g,
  open = false,
}: {
  grid: SensitivityGrid;
  wacc: number;
  g: number;
  /** Unfolded (the report's own sensitivity section). */
  open?: boolean;
}) {
  const spec = sensitivitySpec(grid, wacc, g);
  return (
    <details className="sensitivity" open={open}>
      <summary>{spec.title}</summary>
      <TableScroll label="每股价值敏感性分析">
        <table className="data-table sensitivity-table">
          <caption>{spec.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{spec.cornerHeader}</th>
              {spec.columns.map((growth, column) => (
                <th key={growth} scope="col" className={column === spec.baseColumn ? 'num is-base-axis' : 'num'}>
                  {growth}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {spec.rows.map((row, rowIndex) => (
              <tr key={row.key}>
                <th scope="row" className={rowIndex === spec.baseRow ? 'is-base-axis' : undefined}>
                  {row.label}
                </th>
                {row.texts.map((text, column) => {
                  const base = rowIndex === spec.baseRow && column === spec.baseColumn;
                  return (
                    <td
                      key={spec.columns[column]}
                      className={`${numberCellClass(text, row.tones[column])}${base ? ' is-base' : ''}`}
                    >
                      {text}
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
