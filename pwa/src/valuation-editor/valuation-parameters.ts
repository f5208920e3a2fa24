import type { ValuationParameterKey } from '@fcf/engine';
import type { WhatIf, WhatIfView } from '@fcf/engine/report';
import { formatAmount, formatPercent } from '@fcf/engine/report';

/** The three valuation parameters of the DCF table: effective value and where it comes from. */
export interface ValuationParameterRow {
  readonly param: ValuationParameterKey;
  readonly label: string;
  readonly unit: '%' | '亿股';
  readonly testId: string;
  readonly value: number | null;
  readonly userSet: boolean;
  /** Where the value comes from, and the figure it replaces when the reader set it. */
  readonly note: string;
}

const isSet = (value: number | null | undefined): value is number => value !== null && value !== undefined;

export function valuationParameterRows(view: WhatIfView, whatIf: WhatIf): ValuationParameterRow[] {
  const mine = whatIf.parameters;
  const { wacc_data, valuation_inputs, effective_values } = view.params;
  const calculatedWacc = wacc_data.wacc_calculated;
  const calculatedShares = valuation_inputs.total_shares_calculated;

  const waccNote = isSet(mine.wacc_manual)
    ? `我的设定${calculatedWacc === null ? '' : ` · 模型测算 ${formatPercent(calculatedWacc)}`}`
    : wacc_data.wacc_manual !== null
      ? '平台设定'
      : calculatedWacc !== null
        ? '模型测算（CAPM，账面权重）'
        : '默认值';
  const growthNote = isSet(mine.terminal_growth_rate_manual)
    ? '我的设定'
    : valuation_inputs.terminal_growth_rate_manual !== null
      ? '平台设定'
      : '默认值';
  const sharesNote = isSet(mine.total_shares_manual)
    ? `我的设定${calculatedShares === null ? '' : ` · 年报 ${formatAmount(calculatedShares)}`}`
    : valuation_inputs.total_shares_manual !== null
      ? '平台设定'
      : calculatedShares !== null
        ? '取自最新年报'
        : '缺少总股本数据，请填写';

  return [
    {
      param: 'wacc_manual',
      label: 'WACC',
      unit: '%',
      testId: 'param-wacc',
      value: effective_values.wacc,
      userSet: isSet(mine.wacc_manual),
      note: waccNote,
    },
    {
      param: 'terminal_growth_rate_manual',
      label: '永续增长率 g',
      unit: '%',
      testId: 'param-terminal-growth',
      value: effective_values.terminal_growth_rate,
      userSet: isSet(mine.terminal_growth_rate_manual),
      note: growthNote,
    },
    {
      param: 'total_shares_manual',
      label: '总股本',
      unit: '亿股',
      testId: 'param-total-shares',
      // 0 means the statements have no share count: show an empty box to fill in, not a 0.
      value: effective_values.total_shares > 0 ? effective_values.total_shares : null,
      userSet: isSet(mine.total_shares_manual),
      note: sharesNote,
    },
  ];
}
