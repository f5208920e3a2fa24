import type { EffectiveParameters } from '../parameters.ts';
import type { ValuationWarning } from '../warnings.ts';
import type { ExcessReturnDetail } from './excess-return-model.ts';
import { modelFigure, modelRow, perShareValue, perShareWarnings } from './model-result.ts';
import type { ExcessReturnResult } from './model-types.ts';

/** The column after the explicit years: the excess return earned forever after, and its value. */
const TERMINAL_COLUMN = '永续期';

/** The excess-return model's table (a column per year, then the terminal one) and its key figures. */
export function excessReturnResult(
  detail: ExcessReturnDetail,
  parameters: EffectiveParameters,
  warnings: readonly ValuationWarning[],
): ExcessReturnResult {
  const { valuation, inputs, latestYear } = detail;
  const { years, terminal } = valuation;
  const shares = parameters.total_shares;
  const equity = valuation.equity_value;
  const lastBook = years[years.length - 1]?.closing_book_equity ?? inputs.bookEquity;
  const lastFactor = years[years.length - 1]?.discount_factor ?? 1;
  const column = <T>(pick: (year: (typeof years)[number]) => T, last: T | null) => [...years.map(pick), last];
  return {
    model: 'excess_return',
    value_per_share: perShareValue(equity, shares),
    equity_value: equity,
    columns: [...years.map((year) => String(latestYear + year.index)), TERMINAL_COLUMN],
    rows: [
      modelRow(
        'opening_book_equity',
        '期初净资产',
        'amount',
        column((year) => year.opening_book_equity, lastBook),
      ),
      modelRow(
        'roe',
        'ROE',
        'fraction',
        column((year) => year.roe, inputs.sustainableRoe),
      ),
      modelRow(
        'net_income',
        '净利润',
        'amount',
        column((year) => year.net_income, null),
      ),
      modelRow(
        'payout_ratio',
        '分红率',
        'fraction',
        column((year) => year.payout_ratio, null),
      ),
      modelRow(
        'dividends',
        '分红',
        'amount',
        column((year) => year.dividends, null),
      ),
      modelRow(
        'equity_charge',
        '股权成本（Ke × 期初净资产）',
        'amount',
        column((year) => year.equity_charge, null),
      ),
      modelRow(
        'excess_return',
        '超额收益',
        'amount',
        column((year) => year.excess_return, terminal.excess_return),
      ),
      modelRow(
        'terminal_value',
        '终值',
        'amount',
        column(() => null, terminal.value),
      ),
      modelRow(
        'discount_factor',
        '折现系数',
        'factor',
        column((year) => year.discount_factor, lastFactor),
      ),
      modelRow(
        'pv',
        '现值',
        'amount',
        column((year) => year.present_value, terminal.present_value),
      ),
    ],
    figures: [
      modelFigure('book_equity', '归属于普通股股东的净资产', 'amount', inputs.bookEquity),
      modelFigure('cost_of_equity', '股权成本（Ke）', 'fraction', inputs.costOfEquity),
      modelFigure('growth', '永续增长率', 'fraction', inputs.growth),
      modelFigure('normalised_roe', '常态化ROE', 'fraction', inputs.normalisedRoe),
      modelFigure('sustainable_roe', '可持续ROE', 'fraction', inputs.sustainableRoe),
      modelFigure('excess_return_pv_sum', '预测期超额收益现值合计', 'amount', valuation.present_value_sum),
      modelFigure('terminal_pv', '终值现值', 'amount', terminal.present_value),
      modelFigure('equity_value', '股权价值', 'amount', equity),
      modelFigure('implied_pb', '估值对应市净率（P/B）', 'times', valuation.implied_pb),
      modelFigure('justified_pb', '合理市净率 (ROE − g)/(Ke − g)', 'times', valuation.justified_pb),
    ],
    warnings: [...warnings, ...perShareWarnings(equity, shares, '未来ROE低于股权成本，超额收益为负且超过账面净资产')],
    shares: shares > 0 ? shares : null,
    shares_source: parameters.total_shares_source,
    detail,
  };
}
