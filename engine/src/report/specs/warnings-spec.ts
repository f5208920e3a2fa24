import type { ValuationWarning, WarningCode } from '../../valuation/warnings.ts';

/** What every screen (report, custom page, PDF, exported image) shows beside a value per share. */

/** Shown instead of a price-like figure when the equity value is not positive. */
export const NOT_APPLICABLE = '不适用';

export interface WarningSpec {
  readonly code: WarningCode;
  readonly text: string;
}

/** Each warning's short title, where a filter lists the codes (the screener); the message says the rest. */
export const WARNING_TITLES: Readonly<Record<WarningCode, string>> = {
  negative_equity_value: '股权价值不为正',
  negative_enterprise_value: '企业价值不为正',
  terminal_value_dominates: '终值占比过高',
  terminal_ronic_below_wacc: '终值RONIC低于WACC',
  terminal_reinvestment_negative: '终值再投资为负',
  shares_disagree: '股本口径不一致',
  missing_lines: '报表科目缺失',
  wacc_bounded: 'WACC触及上下限',
  stale_report: '年报过期',
  financial_company: '金融企业',
  property_developer: '房地产开发',
  shares_unknown: '缺少总股本',
  roe_bounded: 'ROE被限定',
  few_roe_years: 'ROE年份不足',
  summary_only: '仅有财务摘要',
  newer_summary_available: '有更新的财务摘要',
  terminal_value_exceeds_ev: '终值超过企业价值',
  terminal_reinvestment_inconsistent: '终值再投资与增长不符',
  no_cash_flow_statement: '缺少现金流量表',
  auto_driver_bounded: '自动驱动因素被限定',
  unexplained_equity: '母公司权益有未列明部分',
  debt_line_vanished: '负债科目消失',
};

export function warningSpecs(warnings: readonly ValuationWarning[]): WarningSpec[] {
  return warnings.map((warning) => ({ code: warning.code, text: warning.message }));
}

/**
 * Why the value per share is not shown as a price ('不适用' instead): the equity value is not positive, or the
 * terminal value exceeds the enterprise value (not a result). The API keeps the number; a screen showing it
 * would read as a price. Null when it applies.
 */
export function perShareNotApplicable(dcf: {
  readonly valuation: { readonly equity_value: number };
  readonly warnings: readonly ValuationWarning[];
}): string | null {
  // A negative equity value is the first reason (a terminal value above the EV often follows from it).
  if (dcf.valuation.equity_value <= 0) {
    return (
      dcf.warnings.find((warning) => warning.code === 'negative_equity_value')?.message ??
      '股权价值不为正，每股价值不适用'
    );
  }
  return dcf.warnings.find((warning) => warning.code === 'terminal_value_exceeds_ev')?.message ?? null;
}
