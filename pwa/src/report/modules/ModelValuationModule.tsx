import type { ModelValuationSpec } from '@fcf/engine/report';
import { FigureHead, FigureRow } from '../../ui/FigureTable.tsx';
import { TableScroll } from '../../ui/TableScroll.tsx';
import { ValuationWarnings } from '../../ui/ValuationWarnings.tsx';
import './DcfValuationModule.css';

/**
 * The valuation section of a company the registry values by another model than the FCFF (a bank, insurer,
 * broker or summary-only company by excess returns; docs/model.md 15.1): its key figures with the P/B and
 * justified P/B, why it is not a DCF, and the model's table.
 */
export function ModelValuationModule({ spec }: { spec: ModelValuationSpec }) {
  const { table } = spec;
  return (
    <>
      <div className="dcf__header">
        <h3 className="dcf__title">{spec.title}</h3>
      </div>
      <dl className="dcf__figures">
        {spec.keyFigures.map((figure) => (
          <div key={figure.key} className="dcf__figure">
            <dt>{figure.label}</dt>
            <dd data-testid={`model-figure-${figure.key}`}>{figure.text}</dd>
          </div>
        ))}
      </dl>
      <ValuationWarnings warnings={spec.warnings} />
      {spec.notices.length > 0 ? (
        <div className="report-notice">
          <ul>
            {spec.notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <TableScroll label={spec.title}>
        <table className="data-table dcf-table">
          <caption>{table.caption}</caption>
          <FigureHead label="项目" columns={table.columns} />
          <tbody>
            {table.rows.map((row) => (
              <FigureRow
                key={row.key}
                label={row.label}
                texts={row.texts}
                tones={row.texts.map(() => 'neutral')}
                columns={table.columns}
              />
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
