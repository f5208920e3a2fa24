import { COMPARE_FIGURES, type CompareColumn, type CompareView, PALETTE } from '@fcf/engine/report';
import type { ReactNode } from 'react';
import { numberCellClass } from '../ui/number-cell.ts';
import { TableScroll } from '../ui/TableScroll.tsx';
import { ValuationWarnings } from '../ui/ValuationWarnings.tsx';

function Row({
  label,
  columns,
  cell,
}: {
  label: ReactNode;
  columns: readonly CompareColumn[];
  cell: (column: CompareColumn) => ReactNode;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {columns.map((column) => (
        <td key={column.code} data-company={column.code}>
          {cell(column)}
        </td>
      ))}
    </tr>
  );
}

/**
 * The companies side by side: one column per company (its figures of its latest annual report, each with
 * its year; its value, price and margin of safety; its warnings), the labels sticky while the columns
 * scroll inside the box.
 */
export function CompareTable({ view, onRemove }: { view: CompareView; onRemove: (code: string) => void }) {
  const { columns } = view;
  // Why a figure reads n.m., said under the table (a hover title alone is lost on a phone).
  const reasons = columns.flatMap((column) =>
    COMPARE_FIGURES.flatMap((figure) => {
      const cell = column.figures[figure.key];
      return cell.reason ? [`${column.name} ${cell.year}年${figure.label}：${cell.reason}`] : [];
    }),
  );
  return (
    <>
      <TableScroll label="公司数据对比表（可左右滚动）">
        <table className="data-table compare-table">
          <caption>各公司最新年报的关键指标（金额单位：亿元），每项后注明年份</caption>
          <thead>
            <tr>
              <th scope="col">指标</th>
              {columns.map((column) => (
                <th key={column.code} scope="col" data-testid="compare-column" data-company={column.code}>
                  <span className="compare-table__swatch" style={{ backgroundColor: PALETTE[column.color] }} />
                  <span className="compare-table__name">{column.name}</span>
                  <span className="compare-table__code">{column.code}</span>
                  <button
                    type="button"
                    className="button button--ghost compare-table__remove"
                    aria-label={`移除${column.name}`}
                    onClick={() => onRemove(column.code)}
                  >
                    移除
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <Row label="国标行业" columns={columns} cell={(column) => column.industry || '-'} />
            <Row label="最新年报" columns={columns} cell={(column) => `${column.latestYear}年`} />
            {COMPARE_FIGURES.map((figure) => (
              <tr key={figure.key} data-figure={figure.key}>
                <th scope="row">{figure.label}</th>
                {columns.map((column) => {
                  const cell = column.figures[figure.key];
                  return (
                    <td
                      key={column.code}
                      data-company={column.code}
                      className={numberCellClass(cell.text, cell.tone)}
                      title={cell.reason ?? undefined}
                    >
                      {cell.text}
                      <span className="compare-table__year">{cell.year}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
            <Row
              label="每股价值"
              columns={columns}
              cell={(column) => <span data-testid="compare-value-per-share">{column.valuePerShare.text}</span>}
            />
            <Row
              label="现价（日期）"
              columns={columns}
              cell={(column) =>
                column.price ? (
                  <>
                    {column.price.text}
                    <span className="compare-table__year">{column.price.date}</span>
                  </>
                ) : (
                  '暂无行情'
                )
              }
            />
            <tr>
              <th scope="row">安全边际</th>
              {columns.map((column) => (
                <td
                  key={column.code}
                  data-company={column.code}
                  data-testid="compare-margin-of-safety"
                  className={numberCellClass(column.marginOfSafety.text, column.marginOfSafety.tone)}
                >
                  {column.marginOfSafety.text}
                </td>
              ))}
            </tr>
            <tr>
              <th scope="row">结论（不确定性）</th>
              {columns.map((column) => (
                <td key={column.code} data-company={column.code} data-testid="verdict" title={column.verdict.basis}>
                  {column.verdict.text}
                </td>
              ))}
            </tr>
            <Row
              label="估值提示"
              columns={columns}
              cell={(column) =>
                column.warnings.length > 0 ? <ValuationWarnings warnings={column.warnings} /> : <span>无</span>
              }
            />
          </tbody>
        </table>
      </TableScroll>
      {reasons.length > 0 ? (
        <ul className="compare-table__reasons" aria-label="n.m. 说明">
          {reasons.map((reason) => (
            <li key={reason}>n.m. — {reason}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
