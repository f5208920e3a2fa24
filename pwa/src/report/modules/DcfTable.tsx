import type { DcfValuationView } from '@fcf/engine/report';
import type { ReactNode } from 'react';
import { EMPTY, formatAmount, formatPercent, formatPrecise, yearLabel } from '../../lib/format.ts';
import { numberCellClass } from '../../ui/number-cell.ts';
import { TableScroll } from '../../ui/TableScroll.tsx';
import './DcfTable.css';

/** Spec §9: the DCF table shows at most 5 forecast columns. */
export const DCF_MAX_COLUMNS = 5;

interface FooterRow {
  readonly label: string;
  readonly value: number;
  /** The figure as shown; defaults to formatAmount(value). */
  readonly text?: string;
  /** How the figure is derived (or whether it adds or subtracts), beside it. */
  readonly how: string;
  readonly key?: boolean;
  readonly testId?: string;
}

const SHARES_SOURCE: Record<DcfValuationView['meta']['total_shares_source'], string> = {
  manual: '手动设定',
  calculated: '取自最新年报',
  missing: '缺少总股本数据',
};

function footerRows(dcf: DcfValuationView, lastYear: string): FooterRow[] {
  const { valuation } = dcf;
  const hasShares = valuation.share_capital > 0;
  return [
    { label: '预测期现值合计(亿元)', value: dcf.forecast_fcf_sum, how: '= Σ 折现后现金流' },
    { label: '终值(亿元)', value: dcf.terminal_value, how: `= ${lastYear} 自由现金流 × (1 + g) ÷ (WACC − g)` },
    { label: '终值现值(亿元)', value: dcf.terminal_pv, how: `= 终值 × ${lastYear} 折现系数` },
    {
      label: '企业价值(亿元)',
      value: valuation.enterprise_value,
      how: '= 预测期现值合计 + 终值现值',
      key: true,
      testId: 'dcf-enterprise-value',
    },
    { label: '非核心资产(亿元)', value: valuation.non_core_assets, how: '加项' },
    { label: '现金(亿元)', value: valuation.cash, how: '加项' },
    { label: '有息负债(亿元)', value: valuation.interest_bearing_liabilities, how: '减项' },
    { label: '少数股东权益(亿元)', value: valuation.minority_interest, how: '减项' },
    {
      label: '股权价值(亿元)',
      value: valuation.equity_value,
      how: '= 企业价值 + 非核心资产 + 现金 − 有息负债 − 少数股东权益',
      key: true,
    },
    {
      label: '总股本(亿股)',
      value: valuation.share_capital,
      text: hasShares ? undefined : EMPTY,
      how: SHARES_SOURCE[dcf.meta.total_shares_source],
    },
    {
      label: '每股价值(元)',
      value: valuation.value_per_share,
      // Without shares the engine answers 0, which is not a value per share.
      text: hasShares ? undefined : EMPTY,
      how: '= 股权价值 ÷ 总股本',
      key: true,
      testId: 'dcf-value-per-share',
    },
  ];
}

/** Forecast years across (2025E …), the discounting down, then the bridge from enterprise to per-share value. */
export function DcfTable({ dcf }: { dcf: DcfValuationView }) {
  const columns = dcf.forecast.slice(0, DCF_MAX_COLUMNS);
  const years = columns.map((row) => yearLabel(row.year, true));
  const lastYear = years[years.length - 1] ?? '';
  const spread = columns.length - 1;
  const firstOnly = (text: string): ReactNode[] =>
    columns.map((row, index) => (
      <td key={row.year} className="num">
        {index === 0 ? text : null}
      </td>
    ));
  const perYear = (pick: (row: (typeof columns)[number]) => number, format: (value: number) => string) =>
    columns.map((row) => (
      <td key={row.year} className={numberCellClass(pick(row))}>
        {format(pick(row))}
      </td>
    ));

  return (
    <TableScroll label="DCF估值表">
      <table className="data-table dcf-table">
        <caption>DCF估值表（金额单位：亿元）</caption>
        <thead>
          <tr>
            <th scope="col">项目</th>
            {years.map((year) => (
              <th key={year} scope="col" className="num">
                {year}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">预测自由现金流(亿元)</th>
            {perYear((row) => row.fcf, formatAmount)}
          </tr>
          <tr>
            <th scope="row">WACC</th>
            {firstOnly(formatPercent(dcf.wacc))}
          </tr>
          <tr>
            <th scope="row">永续增长率 g</th>
            {firstOnly(formatPercent(dcf.g))}
          </tr>
          <tr>
            <th scope="row">折现系数</th>
            {perYear((row) => row.discount_factor, formatPrecise)}
          </tr>
          <tr>
            <th scope="row">折现后现金流(亿元)</th>
            {perYear((row) => row.discounted_fcf, formatAmount)}
          </tr>
        </tbody>
        <tfoot>
          {footerRows(dcf, lastYear).map((row) => (
            <tr key={row.label} className={row.key ? 'is-key' : undefined}>
              <th scope="row">{row.label}</th>
              <td className={row.text === EMPTY ? 'num is-empty' : numberCellClass(row.value)}>
                <span data-testid={row.testId}>{row.text ?? formatAmount(row.value)}</span>
              </td>
              {spread > 0 ? (
                <td colSpan={spread} className="dcf-table__how">
                  {row.how}
                </td>
              ) : null}
            </tr>
          ))}
        </tfoot>
      </table>
    </TableScroll>
  );
}
