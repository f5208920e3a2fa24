import type { TableSpec } from '@fcf/engine/report';
import { numberCellClass } from '../ui/number-cell.ts';
import { TableScroll } from '../ui/TableScroll.tsx';
import { useViewportWidth } from '../ui/use-viewport-width.ts';
import { yearColumnCount } from './year-window.ts';

/**
 * A report table as its spec says: figures down, years across. On narrow screens only the latest years
 * that fit are shown, and the table scrolls inside its own box so the page never scrolls sideways.
 */
export function YearTable({ table }: { table: TableSpec }) {
  const years = table.columns;
  const fitting = yearColumnCount(useViewportWidth(), years.length);
  const count = table.fixedColumns ? years.length : fitting;
  const first = years.length - count;
  const shown = years.slice(first);
  return (
    <TableScroll label={table.caption}>
      <table className="data-table" data-table={table.id}>
        <caption>
          {table.caption}
          {count < years.length ? <span className="data-table__trimmed">（按屏幕宽度显示最近{count}年）</span> : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">{table.labelHeader}</th>
            {shown.map((year) => (
              <th key={year} scope="col" className="num">
                {year}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {row.texts.slice(first).map((text, index) => (
                <td key={shown[index]} className={numberCellClass(text, row.tones[first + index])}>
                  {text}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
