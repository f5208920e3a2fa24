/**
 * Price against value: the market's price set beside the model's value, and the multiples an investor
 * reads first. Every screen, the PDF, the share image, the screener and the API take them from here.
 * Amounts in 亿元, price and value per share in 元, ratios as fractions.
 */

/** The market side: a quote snapshot's price and date, and its 总市值 / 总股本 when the file had them. */
export interface MarketQuote {
  readonly price: number;
  /** ISO date 'YYYY-MM-DD'. */
  readonly date: string;
  readonly market_cap: number | null;
  readonly shares: number | null;
}

/** The model side, of the company's latest annual report and its valuation. */
export interface ValueFigures {
  /** 元 per share; null when the model gives none (no DCF, or equity value ≤ 0). */
  readonly valuePerShare: number | null;
  /**
   * What the bridge adds to EV: cash and non-core assets less debt-like claims, less minority interest at
   * book unless `minorityProfitShare` values it pro rata (then it is left out here).
   */
  readonly bridgeTotal: number;
  /** The minorities' share of profit when the bridge values them pro rata (docs/model.md §7). */
  readonly minorityProfitShare?: number | null;
  /** The valuation's share count (亿股), to make a market cap from the price when the quote has none. */
  readonly shares: number;
  /** 归母净利润 of the latest year. */
  readonly netProfit: number | null;
  /** 归属于母公司股东权益 at the latest year-end. */
  readonly parentEquity: number | null;
  readonly ebit: number | null;
  /** Free cash flow to the firm of the latest year. */
  readonly fcf: number | null;
}

export interface PriceAgainstValue {
  readonly price: number;
  readonly date: string;
  /** Days from the quote's date to today. */
  readonly age_days: number;
  /** Older than STALE_QUOTE_DAYS: shown as 过期. */
  readonly stale: boolean;
  readonly market_cap: number | null;
  readonly value_per_share: number | null;
  /** value / price − 1: positive when the value is above the price. */
  readonly margin_of_safety: number | null;
  readonly pe: number | null;
  readonly pb: number | null;
  /**
   * Latest FCFF / market EV: the firm's free cash flow against what the market pays for the firm (FCFF
   * belongs to debt and equity alike, so not against the equity's market cap); null when market EV ≤ 0.
   */
  readonly fcff_ev_yield: number | null;
  /** Market cap + net debt (the bridge taken away): the EV the market pays. */
  readonly market_ev: number | null;
  readonly ev_ebit: number | null;
}

/** A quote older than this many days is labelled 过期. */
export const STALE_QUOTE_DAYS = 30;

const DAY_MS = 86_400_000;

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** value / price − 1, or null without a positive price and a value. */
export function marginOfSafety(valuePerShare: number | null, price: number): number | null {
  return finite(valuePerShare) && price > 0 ? valuePerShare / price - 1 : null;
}

/** A multiple whose denominator must be positive to mean anything (a loss makes P/E not meaningful). */
export function multiple(numerator: number | null, denominator: number | null): number | null {
  return finite(numerator) && finite(denominator) && denominator > 0 ? numerator / denominator : null;
}

/**
 * Market EV: market cap less what the bridge adds to EV (cash, non-core assets) plus what it takes (debt).
 * Minorities valued pro rata hold `minorityProfitShare` of the equity before them, the market's as the
 * model's (docs/model.md §7): the market's equity before minorities is market cap ÷ (1 − share).
 */
export function marketEnterpriseValue(
  marketCap: number | null,
  bridgeTotal: number,
  minorityProfitShare: number | null = null,
): number | null {
  if (!finite(marketCap) || !Number.isFinite(bridgeTotal)) return null;
  if (minorityProfitShare === null) return marketCap - bridgeTotal;
  return minorityProfitShare < 1 ? marketCap / (1 - minorityProfitShare) - bridgeTotal : null;
}

/** Whole days from `date` to `today` (both 'YYYY-MM-DD'). */
export function quoteAgeDays(date: string, today: string): number {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);
}

export function priceAgainstValue(quote: MarketQuote, figures: ValueFigures, today: string): PriceAgainstValue {
  const shares = finite(quote.shares) && quote.shares > 0 ? quote.shares : figures.shares;
  const marketCap =
    finite(quote.market_cap) && quote.market_cap > 0 ? quote.market_cap : marketCapOf(quote.price, shares);
  const marketEv = marketEnterpriseValue(marketCap, figures.bridgeTotal, figures.minorityProfitShare ?? null);
  const age = quoteAgeDays(quote.date, today);
  return {
    price: quote.price,
    date: quote.date,
    age_days: age,
    stale: age > STALE_QUOTE_DAYS,
    market_cap: marketCap,
    value_per_share: figures.valuePerShare,
    margin_of_safety: marginOfSafety(figures.valuePerShare, quote.price),
    pe: multiple(marketCap, figures.netProfit),
    pb: multiple(marketCap, figures.parentEquity),
    fcff_ev_yield: multiple(figures.fcf, marketEv),
    market_ev: marketEv,
    ev_ebit: multiple(marketEv, figures.ebit),
  };
}

/** price × shares (元 × 亿股 = 亿元), or null without a share count. */
function marketCapOf(price: number, shares: number): number | null {
  return shares > 0 ? price * shares : null;
}
