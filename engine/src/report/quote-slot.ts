import type { MarketQuote } from '../market/price-against-value.ts';

/** A share price with its date: what a section needs to show a price, market cap or multiple. */
export interface ReportQuote {
  /** 元 per share. */
  readonly price: number;
  /** 'YYYY-MM-DD'. */
  readonly date: string;
}

/** The one place the report's sections read a price from: the company's latest quote, when it has one. */
export function quoteForReport(quote: MarketQuote | null | undefined): ReportQuote | null {
  return quote ? { price: quote.price, date: quote.date } : null;
}
