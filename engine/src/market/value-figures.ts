import type { StatementYear } from '../statements/items.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import { equityFromEnterpriseValue } from '../valuation/dcf.ts';
import type { ValueFigures } from './price-against-value.ts';

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The model's side of price against value, from a valuation and the statements of its latest year: the
 * value per share (none when the equity value is not positive: there is no price-like figure to compare),
 * the bridge, the share count and the latest year's profit, parent equity, EBIT and FCF.
 */
export function valueFiguresOf(valuation: CompanyValuation, latest: StatementYear | undefined): ValueFigures {
  const dcf = valuation.dcf?.valuation;
  const lastRow = valuation.history[valuation.history.length - 1];
  const lastProfit = valuation.profitability[valuation.profitability.length - 1];
  return {
    valuePerShare: dcf && dcf.equity_value > 0 && dcf.value_per_share > 0 ? dcf.value_per_share : null,
    bridgeTotal: dcf ? dcf.equity_value - dcf.enterprise_value : equityFromEnterpriseValue(0, valuation.bridge),
    shares: valuation.parameters.total_shares,
    netProfit: finiteOrNull(lastProfit?.netProfit ?? latest?.net_profit_parent),
    parentEquity: finiteOrNull(latest?.parent_equity),
    ebit: finiteOrNull(lastRow?.ebit),
    fcf: finiteOrNull(lastRow?.FCFF),
  };
}
