import { numberCellClass } from '../ui/number-cell.ts';
import { TableScroll } from '../ui/TableScroll.tsx';
import { useViewportWidth } from '../ui/use-viewport-width.ts';
import { yearColumnCount } from './year-window.ts';

export interface YearTableRow {
  readonly label: string;
  /** One value per year, oldest first, aligned with the table's years. */
  readonly values: readonly (number | null)[];
  readonly format: (value: number | null) => string;
}

/**
 * Metrics down, years across. On narrow screens only the latest years that fit are shown (spec §9), and
 * the table scrolls inside its own box so the page never scrolls sideways.
 */
export function YearTable({
  caption,
  years,
  rows,
}: {
  caption: string;
  years: readonly string[];
  rows: readonly YearTableRow[];
}) {
  const count = yearColumnCount(useViewportWidth(), years.length);
  const first = years.length - count;
  const shown = years.slice(first);
  return (
    <TableScroll label={caption}>
      <table className="data-table">
        <caption>
          {caption}
          {count < years.length ? <span className="data-table__trimmed">（按屏幕宽度显示最近{count}年）</span> : null}
        </caption>
        <thead>
          <tr>
            <th scope="col">指标</th>
            {shown.map((year) => (
              <th key={year} scope="col" className="num">
                {year}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              {row.values.slice(first).map((value, index) => (
                <td key={shown[index]} className={numberCellClass(value)}>
                  {row.format(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
