import type { BridgeLine } from '../../valuation/bridge.ts';
import { formatValue, type ValueUnit, yearLabel } from '../format.ts';
import type { DcfValuationView } from '../report-views.ts';
import { type Tone, toneOf } from '../tone.ts';
import { tableRow } from './spec-parts.ts';
import type { TableRowSpec } from './spec-types.ts';
import { NOT_APPLICABLE, perShareNotApplicable } from './warnings-spec.ts';

/**
 * The one DCF table: the valuation parameters, the discounting by forecast year, then the bridge from the
 * present values to the value per share, each with how it is derived. The report, the PDF, the custom
 * valuation and FCF parameter pages and the exported image all show these rows in this order.
 */

/** The table shows at most 5 forecast columns. */
export const DCF_MAX_COLUMNS = 5;

type Meta = DcfValuationView['meta'];

export const WACC_SOURCE: Record<Meta['wacc_source'], string> = {
  manual: '手动设定',
  calculated: '模型测算（CAPM，账面权重）',
  fallback: '默认值',
};

export const GROWTH_SOURCE: Record<Meta['terminal_growth_source'], string> = {
  manual: '手动设定',
  default: '默认值',
};

export type DcfParameterKey = 'wacc' | 'g' | 'shares';
/** The present values, then the equity bridge's lines (each statement item signed), then the results. */
export type DcfBridgeKey =
  | 'stub_pv'
  | 'forecast_fcf_sum'
  | 'terminal_value'
  | 'terminal_pv'
  | BridgeLine['item']
  | 'equity_value'
  | 'value_per_share';

/** One figure with how it is derived (or where it comes from), beside it. */
export interface DcfLineSpec<K extends string = DcfParameterKey | DcfBridgeKey> {
  readonly key: K;
  readonly label: string;
  readonly unit: ValueUnit;
  readonly value: number | null;
  readonly text: string;
  readonly tone: Tone;
  readonly how: string;
  /** A result the reader looks for (EV, equity value, value per share): set in bold. */
  readonly emphasis: boolean;
  /** The test hook on the element holding just the figure. */
  readonly testId: string | null;
}

export interface DcfTableSpec {
  readonly caption: string;
  readonly labelHeader: string;
  /** The forecast years: '2025E' … */
  readonly columns: readonly string[];
  readonly parameters: readonly DcfLineSpec<DcfParameterKey>[];
  readonly years: readonly TableRowSpec[];
  readonly bridge: readonly DcfLineSpec<DcfBridgeKey>[];
  /** Said under the table when the forecast is shorter than 5 years. */
  readonly note: string | null;
}

/** Where the table stands: the figure hooks differ between the report and the custom valuation. */
export type DcfTestIds = Partial<Record<DcfParameterKey | DcfBridgeKey, string>>;
export const REPORT_DCF_TEST_IDS: DcfTestIds = {
  enterprise_value: 'dcf-enterprise-value',
  value_per_share: 'dcf-value-per-share',
};
export const CUSTOM_DCF_TEST_IDS: DcfTestIds = { value_per_share: 'custom-value-per-share' };

/** The label of the forecast FCF row, also shown by the custom page when there is no valuation. */
export const FORECAST_FCF_LABEL = '预测自由现金流（亿元）';

function line<K extends DcfParameterKey | DcfBridgeKey>(
  testIds: DcfTestIds,
  key: K,
  label: string,
  unit: ValueUnit,
  value: number | null,
  how: string,
  emphasis = false,
): DcfLineSpec<K> {
  return {
    key,
    label,
    unit,
    value,
    text: formatValue(unit, value),
    tone: toneOf(value, 'level'),
    how,
    emphasis,
    testId: testIds[key] ?? null,
  };
}

export function dcfTableSpec(dcf: DcfValuationView, testIds: DcfTestIds = REPORT_DCF_TEST_IDS): DcfTableSpec {
  const forecast = dcf.forecast.slice(0, DCF_MAX_COLUMNS);
  const columns = forecast.map((row) => yearLabel(row.year, true));
  const lastYear = columns[columns.length - 1] ?? '';
  const { valuation, meta } = dcf;
  // Without shares the engine answers 0 for both, which is neither a share count nor a value per share.
  const hasShares = valuation.total_shares > 0;
  const shares = hasShares ? valuation.total_shares : null;
  const perShare = hasShares ? valuation.value_per_share : null;
  const notApplicable = perShareNotApplicable(dcf);
  const perShareLine = line(
    testIds,
    'value_per_share',
    '每股价值（元）',
    'yuan',
    perShare,
    notApplicable ?? (hasShares ? '= 股权价值 ÷ 总股本' : '缺少总股本，无法计算每股价值'),
    true,
  );
  const terminalHow =
    dcf.terminal.method === 'value_driver'
      ? `= ${lastYear} NOPAT × (1 + g) × (1 − g ÷ RONIC) ÷ (WACC − g)`
      : `= ${lastYear} 自由现金流 × (1 + g) ÷ (WACC − g)`;
  // The bridge's own lines after enterprise value: each claim or asset, signed.
  const bridgeLines = dcf.bridge
    .filter((step) => step.item !== 'enterprise_value')
    .map((step) => {
      const sign = step.amount < 0 ? '减项' : '加项';
      return line(
        testIds,
        step.item,
        `${step.label}（亿元）`,
        'amount',
        step.amount,
        step.note ? `${sign} ${step.note}` : sign,
      );
    });
  const year = (pick: (row: (typeof forecast)[number]) => number) => forecast.map(pick);
  // A valuation dated inside a fiscal year: the rest of that year is a partial first period (docs/model.md 7.1).
  const { stub } = dcf;
  const stubLines = stub
    ? [
        line(
          testIds,
          'stub_pv',
          `首期现值：${stub.year}年剩余 ${stub.months} 个月（亿元）`,
          'amount',
          stub.present_value,
          `= ${formatValue('amount', stub.cash_flow)} × 折现系数 ${formatValue('factor', stub.discount_factor)}；` +
            `TTM 的（NOPAT + 折旧摊销 − 资本开支）× ${stub.months}/12`,
        ),
      ]
    : [];
  return {
    caption: 'DCF估值表（金额单位：亿元）',
    labelHeader: '项目',
    columns,
    parameters: [
      line(testIds, 'wacc', 'WACC', 'percent', dcf.wacc, WACC_SOURCE[meta.wacc_source]),
      line(testIds, 'g', '永续增长率 g', 'percent', dcf.g, GROWTH_SOURCE[meta.terminal_growth_source]),
      line(testIds, 'shares', '总股本（亿股）', 'shares', shares, meta.shares.label),
    ],
    years: [
      tableRow(
        'fcf',
        FORECAST_FCF_LABEL,
        'amount',
        'level',
        year((row) => row.fcf),
      ),
      tableRow(
        'discount_factor',
        '折现系数',
        'factor',
        'level',
        year((row) => row.discount_factor),
      ),
      tableRow(
        'discounted_fcf',
        '折现后自由现金流（亿元）',
        'amount',
        'level',
        year((row) => row.discounted_fcf),
      ),
    ],
    bridge: [
      ...stubLines,
      line(
        testIds,
        'forecast_fcf_sum',
        '预测期现值合计（亿元）',
        'amount',
        dcf.forecast_fcf_sum,
        '= Σ 折现后自由现金流',
      ),
      line(testIds, 'terminal_value', '终值（亿元）', 'amount', dcf.terminal_value, terminalHow),
      line(testIds, 'terminal_pv', '终值现值（亿元）', 'amount', dcf.terminal_pv, `= 终值 × ${lastYear} 折现系数`),
      line(
        testIds,
        'enterprise_value',
        '企业价值（亿元）',
        'amount',
        valuation.enterprise_value,
        stub ? '= 首期现值 + 预测期现值合计 + 终值现值' : '= 预测期现值合计 + 终值现值',
        true,
      ),
      ...bridgeLines,
      line(
        testIds,
        'equity_value',
        '股权价值（亿元）',
        'amount',
        valuation.equity_value,
        '= 企业价值 + 以上各加项 − 各减项',
        true,
      ),
      notApplicable === null ? perShareLine : { ...perShareLine, text: NOT_APPLICABLE, tone: 'neutral' },
    ],
    note:
      forecast.length < DCF_MAX_COLUMNS
        ? `注：仅有 ${forecast.length} 个预测年度（标准为 ${DCF_MAX_COLUMNS} 年），终值以最后一个预测年度的自由现金流计算。`
        : null,
  };
}
