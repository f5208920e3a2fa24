import type { DcfValuationView } from '@fcf/engine/report';
import { EMPTY, formatAmount, formatPrecise, yearLabel } from '../lib/format.ts';

/**
 * The figures of the DCF result, as text: one list for the table on screen and for the exported image,
 * so the picture always says what the page says.
 */

export interface DcfYearRow {
  readonly label: string;
  /** One figure per forecast year. */
  readonly values: readonly string[];
  readonly numbers: readonly number[];
}

export interface DcfSummaryRow {
  readonly label: string;
  readonly value: string;
  readonly number: number;
  /** How the figure is derived, or whether it adds or subtracts. */
  readonly how: string;
  readonly key?: boolean;
  readonly testId?: string;
}

export function dcfYearLabels(dcf: DcfValuationView): string[] {
  return dcf.forecast.map((row) => yearLabel(row.year, true));
}

export function dcfYearRows(dcf: DcfValuationView): DcfYearRow[] {
  const rows = (label: string, pick: (row: DcfValuationView['forecast'][number]) => number, format = formatAmount) => {
    const numbers = dcf.forecast.map(pick);
    return { label, numbers, values: numbers.map(format) };
  };
  return [
    rows('预测自由现金流（亿元）', (row) => row.fcf),
    rows('折现系数', (row) => row.discount_factor, formatPrecise),
    rows('折现后自由现金流（亿元）', (row) => row.discounted_fcf),
  ];
}

/** Sum of present values down to value per share; without shares there is no value per share. */
export function dcfSummaryRows(dcf: DcfValuationView): DcfSummaryRow[] {
  const { valuation } = dcf;
  const lastYear = dcfYearLabels(dcf).at(-1) ?? '';
  const row = (label: string, number: number, how: string, extra: Partial<DcfSummaryRow> = {}): DcfSummaryRow => ({
    label,
    number,
    value: formatAmount(number),
    how,
    ...extra,
  });
  return [
    row('预测期现值合计（亿元）', dcf.forecast_fcf_sum, '= Σ 折现后自由现金流'),
    row('终值（亿元）', dcf.terminal_value, `= ${lastYear} 自由现金流 × (1 + g) ÷ (WACC − g)`),
    row('终值现值（亿元）', dcf.terminal_pv, `= 终值 × ${lastYear} 折现系数`),
    row('企业价值（亿元）', valuation.enterprise_value, '= 预测期现值合计 + 终值现值', { key: true }),
    row('非核心资产（亿元）', valuation.non_core_assets, '加项'),
    row('现金（亿元）', valuation.cash, '加项'),
    row('有息负债（亿元）', valuation.interest_bearing_liabilities, '减项'),
    row('少数股东权益（亿元）', valuation.minority_interest, '减项'),
    row('股权价值（亿元）', valuation.equity_value, '= 企业价值 + 非核心资产 + 现金 − 有息负债 − 少数股东权益', {
      key: true,
    }),
    row('每股价值（元）', valuation.value_per_share, '= 股权价值 ÷ 总股本', {
      key: true,
      testId: 'custom-value-per-share',
      ...(valuation.share_capital > 0 ? {} : { value: EMPTY, how: '缺少总股本，无法计算每股价值' }),
    }),
  ];
}
