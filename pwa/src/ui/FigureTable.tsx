import type { Tone } from '@fcf/engine/report';
import { numberCellClass } from './number-cell.ts';

/** The head of a table of figures: the label column's header, then one right-aligned header per column. */
export function FigureHead({
  label,
  columns,
}: {
  readonly label: string;
  readonly columns: readonly (number | string)[];
}) {
  return (
    <thead>
      <tr>
        <th scope="col">{label}</th>
        {columns.map((column) => (
          <th key={column} scope="col" className="num">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row of figures: its label, then one cell per column, a change coloured by the one colour rule. */
export function FigureRow({
  label,
  texts,
  tones,
  columns,
}: {
  readonly label: string;
  readonly texts: readonly string[];
  readonly tones: readonly Tone[];
  /** The columns the texts stand in (their keys). */
  readonly columns: readonly (number | string)[];
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {texts.map((text, index) => (
        <td key={columns[index]} className={numberCellClass(text, tones[index])}>
          {text}
        </td>
      ))}
    </tr>
  );
}
