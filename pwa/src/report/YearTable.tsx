import type { TableSpec } from '@fcf/engine/report';
import { FigureHead, FigureRow } from '../ui/FigureTable.tsx';
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
        <FigureHead label={table.labelHeader} columns={shown} />
        <tbody>
          {table.rows.map((row) => (
            <FigureRow
              key={row.key}
              label={row.label}
              texts={row.texts.slice(first)}
              tones={row.tones.slice(first)}
              columns={shown}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
