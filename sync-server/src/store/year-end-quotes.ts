import type { YearEndQuote } from '@fcf/engine/report';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';

const LAST_OF_YEAR = `SELECT company_code, date, price, market_cap, shares FROM quote_history h
  WHERE date = (SELECT max(date) FROM quote_history l
    WHERE l.company_code = h.company_code AND substr(l.date, 1, 4) = substr(h.date, 1, 4))`;

/** The company's last quote snapshot of each year, oldest first (PE估值's year-end multiples). */
export function yearEndQuotes(db: Database, code: string): YearEndQuote[] {
  return queryAll<YearEndQuote & { company_code: string }>(
    db,
    `${LAST_OF_YEAR} AND company_code = ? ORDER BY date`,
    code,
  ).map(({ company_code: _code, ...quote }) => quote);
}

/** The same for the companies with codes in [first, last], by company code. */
export function yearEndQuotesBetween(db: Database, first: string, last: string): Map<string, YearEndQuote[]> {
  const byCompany = new Map<string, YearEndQuote[]>();
  for (const { company_code, ...quote } of queryAll<YearEndQuote & { company_code: string }>(
    db,
    `${LAST_OF_YEAR} AND company_code BETWEEN ? AND ? ORDER BY company_code, date`,
    first,
    last,
  )) {
    const list = byCompany.get(company_code);
    if (list) list.push(quote);
    else byCompany.set(company_code, [quote]);
  }
  return byCompany;
}
