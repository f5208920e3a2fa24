import type { DcfLineSpec, DcfTableSpec } from '@fcf/engine/report';
import { FigureHead, FigureRow } from '../../ui/FigureTable.tsx';
import { numberCellClass } from '../../ui/number-cell.ts';
import { TableScroll } from '../../ui/TableScroll.tsx';
import './DcfTable.css';

function LineRow({ line, spread }: { line: DcfLineSpec; spread: number }) {
  return (
    <tr className={line.emphasis ? 'is-key' : undefined}>
      <th scope="row">{line.label}</th>
      <td className={numberCellClass(line.text, line.tone)}>
        <span data-testid={line.testId ?? undefined}>{line.text}</span>
      </td>
      {spread > 0 ? (
        <td colSpan={spread} className="dcf-table__how">
          {line.how}
        </td>
      ) : null}
    </tr>
  );
}

/** The one DCF table as its spec says: the parameters, the discounting by forecast year, then the bridge. */
export function DcfTable({ spec }: { spec: DcfTableSpec }) {
  const spread = spec.columns.length - 1;
  return (
    <TableScroll label="DCF估值表">
      <table className="data-table dcf-table">
        <caption>{spec.caption}</caption>
        <FigureHead label={spec.labelHeader} columns={spec.columns} />
        <tbody>
          {spec.parameters.map((line) => (
            <LineRow key={line.key} line={line} spread={spread} />
          ))}
          {spec.years.map((row) => (
            <FigureRow key={row.key} label={row.label} texts={row.texts} tones={row.tones} columns={spec.columns} />
          ))}
        </tbody>
        <tfoot>
          {spec.bridge.map((line) => (
            <LineRow key={line.key} line={line} spread={spread} />
          ))}
        </tfoot>
      </table>
    </TableScroll>
  );
}
