import type { ModelResult, ModelUnit } from '@fcf/engine';
import { modelValueText } from '@fcf/engine/report';
import { TableScroll } from '../ui/TableScroll.tsx';

const UNIT_NOTE: Readonly<Record<ModelUnit, string>> = {
  amount: '亿元',
  fraction: '%',
  times: '倍',
  factor: '',
  per_share: '元',
  shares: '亿股',
  year: '',
};

/** The model's table: its lines by year, then the terminal column, and its key figures below. */
export function ModelTable({ result, title }: { result: ModelResult; title: string }) {
  return (
    <section className="cv-card" aria-labelledby="cv-model-table-title">
      <h2 className="cv-card__title" id="cv-model-table-title">
        {title}
      </h2>
      <TableScroll label={title}>
        <table className="data-table cv-table cv-model-table">
          <thead>
            <tr>
              <th scope="col">项目</th>
              {result.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.key} data-row={row.key}>
                <th scope="row">
                  {row.label}
                  {UNIT_NOTE[row.unit] ? <span className="cv-model-table__unit">（{UNIT_NOTE[row.unit]}）</span> : null}
                </th>
                {row.values.map((value, index) => (
                  <td key={result.columns[index] ?? index}>{modelValueText(row.unit, value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <dl className="cv-model-figures">
        {result.figures.map((figure) => (
          <div key={figure.key} data-figure={figure.key}>
            <dt>{figure.label}</dt>
            <dd>
              {modelValueText(figure.unit, figure.value)}
              {UNIT_NOTE[figure.unit] && figure.unit !== 'fraction' && figure.unit !== 'times'
                ? ` ${UNIT_NOTE[figure.unit]}`
                : ''}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
