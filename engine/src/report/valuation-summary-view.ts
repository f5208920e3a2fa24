import {
  type MarketQuote,
  type PriceAgainstValue,
  priceAgainstValue,
  type ValueFigures,
} from '../market/price-against-value.ts';
import { perShareValueOf, valueFiguresOf } from '../market/value-figures.ts';
import type { StatementYear } from '../statements/items.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { ModelId } from '../valuation/models/model-types.ts';
import type { RangeVerdict } from './range-verdict.ts';

/** The figures of 估值与股息 that may be missing or not meaningful, each with the reason it is. */
export type SummaryFigure = 'value_per_share' | 'margin_of_safety' | 'pe' | 'pb' | 'fcff_ev_yield' | 'ev_ebit';

export interface SummaryReason {
  readonly figure: SummaryFigure;
  readonly reason: string;
}

/**
 * 估值与股息: the one-glance summary — the model's value per share against the latest price, the margin of
 * safety, P/E, P/B, FCF yield, EV/EBIT (market EV) and the quote's dividend yield. Without a quote every
 * market figure is null and `no_price` says so.
 */
export interface ValuationSummaryView {
  /** The annual report the multiples divide by. */
  readonly latest_year: number;
  /** The model the value per share comes from (docs/model.md 15.1); null when none could value the company. */
  readonly model: ModelId | null;
  readonly value_per_share: number | null;
  /** Price against value of the latest quote; null without one. */
  readonly market: PriceAgainstValue | null;
  /** 股息率 of the latest quote (a fraction), when its file had the column. */
  readonly dividend_yield: number | null;
  /** Why the summary has no market figures; null when priced. */
  readonly no_price: string | null;
  /** Why a figure is null (not meaningful, or missing). */
  readonly reasons: readonly SummaryReason[];
  /** The value as a range with its rating and verdict (docs/model.md section 16); null where none is given. */
  readonly range: RangeVerdict | null;
}

export const NO_QUOTE_TEXT = '暂无行情：上传行情（现价或总市值）后显示安全边际、市盈率、市净率、FCFF收益率与EV/EBIT';

/** A quote as the summary reads it: the price-against-value fields and, when the file had it, 股息率. */
export interface SummaryQuote extends MarketQuote {
  readonly dividend_yield?: number | null;
}

function reasonsOf(
  valuation: CompanyValuation,
  figures: ValueFigures,
  market: PriceAgainstValue | null,
): SummaryReason[] {
  const year = valuation.latestYear;
  const reasons: SummaryReason[] = [];
  const perShare = perShareValueOf(valuation);
  if (perShare.reason !== null) {
    reasons.push({ figure: 'value_per_share', reason: perShare.reason });
    if (market) reasons.push({ figure: 'margin_of_safety', reason: '没有每股价值，无法计算安全边际' });
  }
  if (!market) return reasons;
  if (market.pe === null) {
    reasons.push({
      figure: 'pe',
      reason:
        figures.netProfit === null ? `${year}年归母净利润缺失` : `${year}年归母净利润不为正，市盈率无意义（n.m.）`,
    });
  }
  if (market.pb === null) {
    reasons.push({
      figure: 'pb',
      reason:
        figures.parentEquity === null
          ? `${year}年末归母净资产缺失`
          : `${year}年末归母净资产不为正，市净率无意义（n.m.）`,
    });
  }
  if (market.fcff_ev_yield === null) {
    reasons.push({
      figure: 'fcff_ev_yield',
      reason:
        figures.fcf === null
          ? `${year}年自由现金流缺失`
          : market.market_ev === null
            ? '总市值缺失，无法得到市场EV'
            : '市场EV不为正，FCFF收益率无意义（n.m.）',
    });
  }
  if (market.ev_ebit === null) {
    reasons.push({
      figure: 'ev_ebit',
      reason: figures.ebit === null ? `${year}年EBIT缺失` : `${year}年EBIT不为正或市场EV缺失，EV/EBIT无意义（n.m.）`,
    });
  }
  return reasons;
}

/** The summary of a valued company and its latest quote (null without one), read on `today` ('YYYY-MM-DD'). */
export function valuationSummaryView(
  valuation: CompanyValuation,
  latest: StatementYear | undefined,
  quote: SummaryQuote | null,
  today: string,
  range: RangeVerdict | null = null,
): ValuationSummaryView {
  const figures = valueFiguresOf(valuation, latest);
  const market = quote ? priceAgainstValue(quote, figures, today) : null;
  return {
    latest_year: valuation.latestYear,
    model: valuation.model.id,
    value_per_share: figures.valuePerShare,
    market,
    dividend_yield: quote?.dividend_yield ?? null,
    no_price: market ? null : NO_QUOTE_TEXT,
    reasons: reasonsOf(valuation, figures, market),
    range,
  };
}
