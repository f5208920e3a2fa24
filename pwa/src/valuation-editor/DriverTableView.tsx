import { type DriverKey, type DriverSource, PARAMETER_RULES } from '@fcf/engine';
import { type FinancialDataView, formatAmount, type Tone, toneOf, yearLabel } from '@fcf/engine/report';
import { memo, type RefObject, useLayoutEffect, useRef } from 'react';
import { numberCellClass } from '../ui/number-cell.ts';
import { TableScroll } from '../ui/TableScroll.tsx';
import type { DriverTable, TableRow } from './driver-tables.ts';
import { EditableCell } from './EditableCell.tsx';
import './editor.css';

export interface DriverCommit {
  readonly year: number;
  readonly param: DriverKey;
  readonly value: number;
}

interface DriverTableViewProps {
  readonly table: DriverTable;
  readonly data: FinancialDataView;
  readonly onCommit: (edit: DriverCommit) => void;
  readonly onError: (message: string) => void;
  /** Live what-ifs: a draft being typed (null: the draft is gone); absent where edits only commit. */
  readonly onPreview?: (edit: DriverCommit | null) => void;
}

type Figure = Extract<TableRow, { kind: 'figure' }>;

/** Percent rows show the percentage number (the unit is in the row header), as they are typed. */
function formatFigure(row: Figure, value: number | null): string {
  return row.unit === '%' ? formatAmount(value === null ? null : value * 100) : formatAmount(value);
}

/** The rows whose figures are changes, coloured by sign (red rise, green fall); the rest are levels. */
const CHANGE_FIELDS: ReadonlySet<string> = new Set(['operating_revenue_yoy', 'Change_In_Operating_WC']);

function figureClass(row: Figure, value: number | null): string {
  const tone: Tone = toneOf(value, CHANGE_FIELDS.has(row.field) ? 'change' : 'level');
  return numberCellClass(formatFigure(row, value), tone);
}

// Cells are memoised on their own figures: an edit re-renders only the cells whose value or source moved.
const HistoricalCell = memo(function HistoricalCell({ row, value }: { row: Figure; value: number | null }) {
  return <td className={`${figureClass(row, value)} cv-historical`}>{formatFigure(row, value)}</td>;
});

interface ForecastCellProps {
  readonly row: Figure;
  readonly year: number;
  readonly value: number | null;
  readonly source: DriverSource | undefined;
  readonly onCommit: (edit: DriverCommit) => void;
  readonly onError: (message: string) => void;
  readonly onPreview: ((edit: DriverCommit | null) => void) | undefined;
}

const ForecastCell = memo(function ForecastCell({
  row,
  year,
  value,
  source,
  onCommit,
  onError,
  onPreview,
}: ForecastCellProps) {
  const { driver } = row;
  if (!driver) {
    return <td className={`${figureClass(row, value)} cv-forecast`}>{formatFigure(row, value)}</td>;
  }
  return (
    <td className="cv-forecast cv-editable">
      <EditableCell
        param={driver}
        value={value}
        // Nested rows read '占营业收入比' on screen; the accessible name says which item's ratio it is.
        label={`${yearLabel(year, true)} ${PARAMETER_RULES[driver].label}`}
        source={source}
        onCommit={(next) => onCommit({ year, param: driver, value: next })}
        onError={onError}
        onPreview={onPreview && ((next) => onPreview(next === null ? null : { year, param: driver, value: next }))}
      />
    </td>
  );
});

/**
 * On a narrow screen the editable years would start off-screen, behind five historical ones: open the
 * table scrolled to the latest reported year, beside the forecast it is the base of.
 */
function useScrollToForecast(card: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const scroller = card.current?.querySelector<HTMLElement>('.table-scroll');
    const label = card.current?.querySelector<HTMLElement>('thead th:first-child');
    const firstForecast = card.current?.querySelector<HTMLElement>('thead th.cv-forecast');
    if (!scroller || !label || !firstForecast || scroller.scrollWidth <= scroller.clientWidth) return;
    const anchor = (firstForecast.previousElementSibling as HTMLElement | null) ?? firstForecast;
    scroller.scrollLeft = Math.max(0, anchor.offsetLeft - label.offsetWidth);
  }, [card]);
}

/** One of the model's tables: the historical years read-only, the forecast years' drivers editable. */
export function DriverTableView({ table, data, onCommit, onError, onPreview }: DriverTableViewProps) {
  const columns = data.historical.length + data.forecast.length;
  const titleId = `cv-table-${table.id}`;
  const card = useRef<HTMLElement>(null);
  useScrollToForecast(card);
  return (
    <section ref={card} className="cv-card" aria-labelledby={titleId}>
      <h2 className="cv-card__title" id={titleId}>
        {table.title}
      </h2>
      {table.formula ? <p className="cv-card__formula">{table.formula}</p> : null}
      <TableScroll label={table.title}>
        <table className="data-table cv-table">
          <thead>
            <tr>
              <th scope="col">项目</th>
              {data.historical.map((row) => (
                <th key={row.year} scope="col" className="num cv-historical">
                  {yearLabel(row.year, false)}
                </th>
              ))}
              {data.forecast.map((row) => (
                <th key={row.year} scope="col" className="num cv-forecast">
                  {yearLabel(row.year, true)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) =>
              row.kind === 'group' ? (
                <tr key={row.label} className="cv-row-group">
                  <th scope="rowgroup">{row.label}</th>
                  <td colSpan={columns} />
                </tr>
              ) : (
                <tr
                  key={row.field}
                  className={[row.total ? 'is-total' : '', row.nested ? 'is-nested' : ''].filter(Boolean).join(' ')}
                >
                  <th scope="row">
                    {row.label}
                    <span className="cv-unit">{row.unit}</span>
                  </th>
                  {data.historical.map((year) => (
                    <HistoricalCell key={year.year} row={row} value={year[row.field]} />
                  ))}
                  {data.forecast.map((year) => (
                    <ForecastCell
                      key={year.year}
                      row={row}
                      year={year.year}
                      value={year[row.field]}
                      source={row.driver ? year.sources?.[row.driver] : undefined}
                      onCommit={onCommit}
                      onError={onError}
                      onPreview={onPreview}
                    />
                  ))}
                </tr>
              ),
            )}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
