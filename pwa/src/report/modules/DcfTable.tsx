import type { DcfLineSpec, DcfTableSpec } from '@fcf/engine/report';
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
        <thead>
          <tr>
            <th scope="col">{spec.labelHeader}</th>
            {spec.columns.map((year) => (
              <th key={year} scope="col" className="num">
                {year}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {spec.parameters.map((line) => (
            <LineRow key={line.key} line={line} spread={spread} />
          ))}
          {spec.years.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {row.texts.map((text, index) => (
                <td key={spec.columns[index]} className={numberCellClass(text, row.tones[index])}>
                  {text}
                </td>
              ))}
            </tr>
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
