import type { ModelUnit } from '../../valuation/models/model-types.ts';
import { formatAmount, formatValue, formatWithUnit, type ValueUnit } from '../format.ts';
import type { ModelValuationView } from '../model-valuation-view.ts';
import { NOT_APPLICABLE, type WarningSpec, warningSpecs } from './warnings-spec.ts';

/**
 * The valuation section of a company valued by a model other than the FCFF (a bank, insurer, broker or
 * summary-only company by excess returns, docs/model.md 15.1): the model's name, its key figures with the
 * P/B and justified P/B, why it is not an FCFF DCF, and its table (the report and the PDF draw the same).
 */
export interface ModelValuationSpec {
  /** '工商银行 超额收益模型（剩余收益）估值'. */
  readonly title: string;
  readonly keyFigures: readonly { readonly key: string; readonly label: string; readonly text: string }[];
  readonly warnings: readonly WarningSpec[];
  /** Why not an FCFF DCF, then what the data could not support. */
  readonly notices: readonly string[];
  readonly table: {
    readonly caption: string;
    readonly columns: readonly string[];
    readonly rows: readonly { readonly key: string; readonly label: string; readonly texts: readonly string[] }[];
  };
}

const UNITS: Readonly<Record<ModelUnit, ValueUnit>> = {
  amount: 'amount',
  fraction: 'percent',
  times: 'times',
  factor: 'factor',
  per_share: 'yuan',
  shares: 'shares',
  year: 'factor',
};

/** The figures shown first, in this order, beside the value per share. */
const KEY_FIGURES = ['equity_value', 'book_equity', 'implied_pb', 'justified_pb', 'cost_of_equity', 'normalised_roe'];

export function modelValuationSpec(view: ModelValuationView, company: string): ModelValuationSpec {
  const figures = KEY_FIGURES.flatMap((key) => {
    const figure = view.figures.find((entry) => entry.key === key);
    return figure ? [{ key, label: figure.label, text: formatWithUnit(UNITS[figure.unit], figure.value) }] : [];
  });
  const perShare = view.value_per_share === null ? NOT_APPLICABLE : `${formatAmount(view.value_per_share)} 元`;
  return {
    title: `${company} ${view.model_name}估值`,
    keyFigures: [{ key: 'value_per_share', label: '每股价值', text: perShare }, ...figures],
    warnings: warningSpecs(view.warnings),
    notices: [
      view.meta.not_fcff_reason,
      ...(view.value_per_share_reason ? [view.value_per_share_reason] : []),
      ...view.meta.limitations,
    ].filter((text) => text !== ''),
    table: {
      caption: `以 ${view.meta.latest_report_year} 年年报为基期（亿元）`,
      columns: view.columns,
      rows: view.rows.map((row) => ({
        key: row.key,
        label: row.label,
        texts: row.values.map((value) => (value === null ? '' : formatValue(UNITS[row.unit], value))),
      })),
    },
  };
}
