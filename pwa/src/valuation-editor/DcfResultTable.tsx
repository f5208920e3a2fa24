import type { ValuationParameterKey } from '@fcf/engine';
import {
  CUSTOM_DCF_TEST_IDS,
  dcfTableSpec,
  FORECAST_FCF_LABEL,
  formatAmount,
  type WhatIf,
  type WhatIfView,
  warningSpecs,
  yearLabel,
} from '@fcf/engine/report';
import { FigureRow } from '../ui/FigureTable.tsx';
import { numberCellClass } from '../ui/number-cell.ts';
import { TableScroll } from '../ui/TableScroll.tsx';
import { ValuationWarnings } from '../ui/ValuationWarnings.tsx';
import { EditableCell } from './EditableCell.tsx';
import { valuationParameterRows } from './valuation-parameters.ts';
import './editor.css';
import './DcfResultTable.css';

/** The engine's word when it gave neither a valuation nor a reason. */
const MISSING_RESULT_MESSAGE = '计算结果数据缺失';

interface DcfResultTableProps {
  readonly view: WhatIfView;
  readonly whatIf: WhatIf;
  /** The DCF image download, where the page offers it. */
  readonly downloading?: boolean;
  readonly onCommit: (param: ValuationParameterKey, value: number) => void;
  readonly onError: (message: string) => void;
  readonly onDownload?: () => void;
  /** False where the page shows the value per share elsewhere (the custom page's result bar holds the hook). */
  readonly valuePerShareHook?: boolean;
  /** Live what-ifs: a parameter draft being typed (null: the draft is gone). */
  readonly onPreview?: (param: ValuationParameterKey, value: number | null) => void;
}

/**
 * The one DCF table (the report's and the PDF's rows) with its three parameters editable: the
 * discounting by forecast year, then the bridge from enterprise value to value per share. When the inputs admit no valuation, the engine's reason
 * stands where the figures would be.
 */
export function DcfResultTable({
  view,
  whatIf,
  downloading = false,
  onCommit,
  onError,
  onDownload,
  onPreview,
  valuePerShareHook = true,
}: DcfResultTableProps) {
  const { dcf } = view;
  const years = view.forecastYears.map((year) => yearLabel(year, true));
  const span = Math.max(1, years.length);
  const fcf = view.financialData.forecast.map((row) => row.FCFF);
  const parameters = valuationParameterRows(view, whatIf);
  const table = dcf ? dcfTableSpec(dcf, valuePerShareHook ? CUSTOM_DCF_TEST_IDS : {}) : null;
  return (
    <section className="cv-card cv-dcf" aria-labelledby="cv-dcf-title">
      <div className="cv-card__header">
        <h2 className="cv-card__title" id="cv-dcf-title">
          DCF估值结果
        </h2>
        {onDownload ? (
          <button
            type="button"
            className="button button--ghost cv-download"
            onClick={onDownload}
            disabled={downloading}
            aria-busy={downloading}
          >
            {downloading ? '生成中…' : '下载为图片'}
          </button>
        ) : null}
      </div>
      <TableScroll label="DCF估值结果">
        <table className="data-table cv-table cv-dcf-table">
          <thead>
            <tr>
              <th scope="col">项目</th>
              {years.map((year) => (
                <th key={year} scope="col" className="num cv-forecast">
                  {year}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {parameters.map((row, index) => (
              <tr key={row.param} className={index === parameters.length - 1 ? 'cv-param-row is-last' : 'cv-param-row'}>
                <th scope="row">
                  {row.label}
                  <span className="cv-unit">{row.unit}</span>
                </th>
                <td colSpan={span}>
                  <div className="cv-param">
                    <span className="cv-param__input">
                      <EditableCell
                        param={row.param}
                        value={row.value}
                        label={`${row.label}（${row.unit}）`}
                        source={row.userSet ? 'user_set' : 'system_default'}
                        testId={row.testId}
                        placeholder={row.unit === '亿股' ? '请输入' : undefined}
                        onCommit={(value) => onCommit(row.param, value)}
                        onError={onError}
                        onPreview={onPreview && ((value) => onPreview(row.param, value))}
                      />
                    </span>
                    <span className="cv-param__note">{row.note}</span>
                  </div>
                </td>
              </tr>
            ))}
            {table ? (
              table.years.map((row) => (
                <FigureRow
                  key={row.key}
                  label={row.label}
                  texts={row.texts}
                  tones={row.tones}
                  columns={table.columns}
                />
              ))
            ) : (
              <>
                <tr>
                  <th scope="row">{FORECAST_FCF_LABEL}</th>
                  {fcf.map((value, index) => (
                    <td key={years[index]} className={numberCellClass(formatAmount(value))}>
                      {formatAmount(value)}
                    </td>
                  ))}
                </tr>
                <tr className="cv-dcf-error">
                  <th scope="row">估值结果</th>
                  <td colSpan={span} data-testid="custom-dcf-error">
                    无法估值：{view.dcfError ?? MISSING_RESULT_MESSAGE}
                  </td>
                </tr>
              </>
            )}
          </tbody>
          {table ? (
            <tfoot>
              {table.bridge.map((row) => (
                <tr key={row.key} className={row.emphasis ? 'is-key' : undefined}>
                  <th scope="row">{row.label}</th>
                  <td className={numberCellClass(row.text, row.tone)}>
                    <span className="nowrap" data-testid={row.testId ?? undefined}>
                      {row.text}
                    </span>
                  </td>
                  {span > 1 ? (
                    <td colSpan={span - 1} className="cv-how">
                      {row.how}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tfoot>
          ) : null}
        </table>
      </TableScroll>
      {dcf ? <ValuationWarnings warnings={warningSpecs(dcf.warnings)} /> : null}
    </section>
  );
}
