import type { WaccBreakdown } from '../../valuation/wacc.ts';
import { formatPercent } from '../format.ts';

/** The WACC panel (collapsed under the DCF table on the report and the custom page): inputs and bound. */

export interface WaccPanelRow {
  readonly label: string;
  readonly text: string;
}

export interface WaccPanelSpec {
  readonly summary: string;
  readonly rows: readonly WaccPanelRow[];
  /** Which bound moved the calculated WACC, or that a manual WACC applies; null when neither. */
  readonly note: string | null;
}

const BOUND_TEXT = { floor: '低于下限，按下限估值', cap: '高于上限，按上限估值' } as const;

export function waccPanelSpec(breakdown: WaccBreakdown, manual: boolean): WaccPanelSpec {
  const { components: parts, calculated_wacc: calculated, applied_wacc: applied, bound_applied: bound } = breakdown;
  const rows: WaccPanelRow[] = [
    { label: '计算WACC（约束前）', text: calculated === null ? '无法计算（净资产不为正）' : formatPercent(calculated) },
    { label: '估值使用的WACC', text: formatPercent(applied) },
  ];
  if (parts) {
    const rfDate = parts.risk_free_date ? `（${parts.risk_free_date} 10年期国债收益率）` : '（默认值）';
    const unlevered =
      parts.beta_unlevered === undefined || parts.debt_to_equity === undefined
        ? ''
        : `，无杠杆 β ${parts.beta_unlevered.toFixed(2)} 按 D/E ${formatPercent(parts.debt_to_equity)} 再加杠杆`;
    const rating = parts.synthetic_rating
      ? `（${parts.interest_coverage == null ? '财务费用为负' : `利息保障倍数 ${parts.interest_coverage.toFixed(2)}`}，合成评级 ${parts.synthetic_rating}，利差 ${formatPercent(parts.default_spread ?? 0)}）`
      : '';
    const weights =
      parts.weights_basis === 'market'
        ? `（市值权重：${parts.market_cap_date ?? ''} 总市值 ${(parts.market_cap ?? 0).toFixed(2)} 亿元）`
        : parts.weights_basis === 'book'
          ? '（账面权重：无行情）'
          : '';
    rows.push(
      { label: '无风险利率 rf', text: `${formatPercent(parts.risk_free_rate)}${rfDate}` },
      { label: '股权风险溢价 ERP', text: formatPercent(parts.equity_risk_premium) },
      { label: 'β', text: `${parts.beta.toFixed(2)}（${parts.beta_industry ?? '默认'}${unlevered}）` },
      { label: '税前债务成本', text: `${formatPercent(parts.cost_of_debt)}${rating}` },
      { label: '税率', text: formatPercent(parts.tax_rate) },
      { label: '股权权重 E/V', text: `${formatPercent(parts.equity_weight)}${weights}` },
      { label: '债务权重 D/V', text: formatPercent(parts.debt_weight) },
    );
  }
  return {
    summary: `WACC 构成：${formatPercent(applied)}`,
    rows,
    note: manual ? '使用手动设置的WACC' : bound ? `计算WACC${BOUND_TEXT[bound]}` : null,
  };
}
