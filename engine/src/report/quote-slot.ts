import type { CompanyBundle } from './company-bundle.ts';

/** A share price with its date: what a section needs to show a price, market cap or multiple. */
export interface ReportQuote {
  /** 元 per share. */
  readonly price: number;
  /** 'YYYY-MM-DD'. */
  readonly date: string;
}

/**
 * The one place the report's sections read a price from. The bundle carries no quotes yet, so every
 * section shows its "no price" state; when quotes arrive, this is the function to connect.
 */
export function quoteForReport(_bundle: CompanyBundle): ReportQuote | null {
  return null;
}
