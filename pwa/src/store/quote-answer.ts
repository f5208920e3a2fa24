import { valuationDate } from '@fcf/engine';
import { type QuoteSyncData, quoteAnswer, quoteSyncDataSchema } from '@fcf/engine/contract';
import type { SummaryQuote } from '@fcf/engine/report';
import { safeParse } from 'zod/mini';

// A quote checked and priced without the offline copy's database: a first visit's report uses these before
// the database is opened (report/first-visit-loader.ts).

/** A quote row as the offline copy keeps it, or null when the data is not one. */
export function asQuote(data: unknown): QuoteSyncData | null {
  const parsed = safeParse(quoteSyncDataSchema, data);
  return parsed.success ? parsed.data : null;
}

/**
 * A quote as `GET /api/data/quotes/{company}` answers it, in the shape of the offline copy's row (so a report
 * priced by it is kept under the same key as one priced from the copy); null when the answer is not one.
 */
export function quoteOfAnswer(answer: unknown): QuoteSyncData | null {
  const parsed = safeParse(quoteAnswer, answer);
  if (!parsed.success) return null;
  const { company, ...figures } = parsed.data.data;
  return asQuote({ company_code: company, ...figures });
}

/** The market context of a report priced by this quote (null: none), today. */
export function marketOf(quote: SummaryQuote | null): { quote: SummaryQuote | null; today: string } {
  return { quote, today: valuationDate(new Date()) };
}
