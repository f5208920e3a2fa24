import type { StatementYear } from '../statements/items.ts';
import { minorityProfitShareOf } from '../valuation/bridge.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import { equityFromEnterpriseValue } from '../valuation/dcf.ts';
import type { ValueFigures } from './price-against-value.ts';

/** Why a value per share is null: the one wording of every answer and screen that shows one. */
export const PER_SHARE_REASONS = {
  notPositiveEquity: '股权价值不为正，每股价值无意义',
  noShares: '缺少总股本，无法计算每股价值',
  terminalExceedsEv: '终值现值超过企业价值（预测期现金流合计为负），每股价值不是有意义的结果',
} as const;

/** A value per share, or null with the reason it means nothing (no DCF, equity value ≤ 0, no share count). */
export interface PerShareValue {
  /** 元. */
  readonly value: number | null;
  /** Chinese; null when `value` is a number. */
  readonly reason: string | null;
}

/**
 * The value per share a reader is shown: the chosen model's (the DCF's, or the excess-return model's) when
 * its equity value is positive and there is a share count, else null with its reason. Every view that names
 * a `value_per_share` outside the DCF table's own arithmetic (估值与股息, valuation-results, the screener,
 * PE估值) takes it from here (docs/model.md section 13).
 */
export function perShareValueOf(valuation: CompanyValuation): PerShareValue {
  const { model } = valuation;
  if (model.id === 'excess_return') {
    const { value_per_share: value, equity_value: equity, shares } = model.result;
    if (value !== null) return { value, reason: null };
    return {
      value: null,
      reason:
        equity > 0 && !(shares !== null && shares > 0)
          ? PER_SHARE_REASONS.noShares
          : PER_SHARE_REASONS.notPositiveEquity,
    };
  }
  if (model.id === null && !valuation.dcf) return { value: null, reason: model.reason };
  const dcf = valuation.dcf?.valuation;
  if (!dcf) return { value: null, reason: valuation.error?.message ?? PER_SHARE_REASONS.notPositiveEquity };
  if (!(dcf.equity_value > 0)) return { value: null, reason: PER_SHARE_REASONS.notPositiveEquity };
  if (!(dcf.total_shares > 0)) return { value: null, reason: PER_SHARE_REASONS.noShares };
  if (valuation.warnings.some((warning) => warning.code === 'terminal_value_exceeds_ev')) {
    return { value: null, reason: PER_SHARE_REASONS.terminalExceedsEv };
  }
  return { value: dcf.value_per_share, reason: null };
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * The model's side of price against value, from a valuation and the statements of its latest year: the
 * value per share (none when the equity value is not positive: there is no price-like figure to compare),
 * the bridge, the share count and the latest year's profit, parent equity, EBIT and FCF.
 */
export function valueFiguresOf(valuation: CompanyValuation, latest: StatementYear | undefined): ValueFigures {
  const { bridge } = valuation;
  const share = minorityProfitShareOf(valuation.bridgeLines);
  const lastRow = valuation.history[valuation.history.length - 1];
  const lastProfit = valuation.profitability[valuation.profitability.length - 1];
  return {
    valuePerShare: perShareValueOf(valuation).value,
    // Minorities valued pro rata are the market's share of its own equity, not the model's (marketEnterpriseValue).
    bridgeTotal: equityFromEnterpriseValue(0, share === null ? bridge : { ...bridge, minority_interest: 0 }),
    minorityProfitShare: share,
    shares: valuation.parameters.total_shares,
    netProfit: finiteOrNull(lastProfit?.netProfit ?? latest?.net_profit_parent),
    parentEquity: finiteOrNull(latest?.parent_equity),
    ebit: finiteOrNull(lastRow?.ebit),
    fcf: finiteOrNull(lastRow?.FCFF),
  };
}
