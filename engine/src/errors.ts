/**
 * Typed failures of the model. Bad input never yields a number that looks valid: every function that
 * cannot produce a meaningful figure throws (or returns) one of these, carrying the Chinese message the
 * UI shows as is.
 */
export const VALUATION_ERROR_MESSAGES = {
  WACC_MISSING: 'WACC数据缺失',
  GROWTH_MISSING: '永续增长率数据缺失',
  WACC_NOT_ABOVE_GROWTH: 'WACC必须大于永续增长率，否则终值无意义',
  INVALID_NUMBER: '无效的数值',
  FORECAST_MISSING: '预测自由现金流数据缺失',
  NO_HISTORY: '该公司暂无历史财务数据，无法生成预测',
  NO_REVENUE: '缺少营业收入数据，无法生成预测',
  BASE_FCF_NOT_POSITIVE: '基期自由现金流不为正，无法反推隐含增长率',
  PRICE_NOT_POSITIVE: '股价必须为正数',
  SHARES_MISSING: '总股本缺失，无法反推隐含增长率',
  IMPLIED_GROWTH_OUT_OF_RANGE: '隐含增长率超出可求解范围（-50% 至 100%）',
  FINANCIAL_COMPANY:
    '金融企业（银行、保险、证券）不适用自由现金流（FCFF）估值：存款、保费准备金和客户资金是其经营的原料而非融资，营运资本、资本开支与债务无从区分。按超额收益（剩余收益）模型估值：账面净资产加上ROE超过股权成本部分的现值，并给出市净率（P/B）',
  SUMMARY_ONLY:
    '仅有财务摘要：缺少成本费用、现金流量与现金、有息负债等明细，不适用自由现金流（FCFF）估值，按超额收益（剩余收益）模型估值',
  INVALID_DATE: '无效的日期（应为 YYYY-MM-DD）',
  COST_OF_EQUITY_NOT_ABOVE_GROWTH: '股权成本必须大于永续增长率，否则终值无意义',
  MODEL_NOT_APPLICABLE: '该估值模型不适用于此公司',
  INVALID_MODEL_INPUT: '估值模型参数有误',
  NO_SHARES_FOR_RANGE: '总股本缺失，无法给出每股价值的区间',
} as const;

export type ValuationErrorCode = keyof typeof VALUATION_ERROR_MESSAGES;

export class ValuationError extends Error {
  override readonly name = 'ValuationError';
  readonly code: ValuationErrorCode;
  /** Which input was at fault, when one was (e.g. 'wacc', 'operating_revenue_yoy@2026'). */
  readonly field: string | undefined;

  constructor(code: ValuationErrorCode, field?: string, detail?: string) {
    const base = VALUATION_ERROR_MESSAGES[code];
    super(detail ? `${base}：${detail}` : base);
    this.code = code;
    this.field = field;
  }
}

export function isValuationError(error: unknown): error is ValuationError {
  return error instanceof ValuationError;
}

/** Throws INVALID_NUMBER unless `value` is a finite number. */
export function requireFinite(value: number, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new ValuationError('INVALID_NUMBER', field, field);
  }
  return value;
}
