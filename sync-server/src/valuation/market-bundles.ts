import { type ValuationParameters, valuationDate } from '@fcf/engine';
import type { CompanyBundle, CompanyListing, IndustryStatistics } from '@fcf/engine/report';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { queryAll, queryOne } from '../db/query.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { readIndustryComparison, readIndustryStatistics } from '../store/industry-statistics.ts';
import { type StatementValueRow, statementsFromRows } from '../store/statements.ts';
import { yearEndQuotesBetween } from '../store/year-end-quotes.ts';
import {
  type AssumptionRow,
  bundleOf,
  type OverrideRow,
  overridesFromRows,
  parametersFromRow,
  waccAssumptionsFrom,
} from './stored-inputs.ts';

export const BUNDLES_PAGE_DEFAULT = 250;
export const BUNDLES_PAGE_MAX = 1000;

export interface BundlesPage {
  readonly bundles: CompanyBundle[];
  /** The `after` of the next page; null after the last. */
  readonly next: string | null;
  /** Companies with a history to value, in all pages (for a progress bar). */
  readonly total: number;
}

/** Companies with an annual revenue (what a report needs), as the company list's `has_forecast_data`. */
const WITH_HISTORY = `c.deleted = 0 AND EXISTS (SELECT 1 FROM statement_values s WHERE s.company_code = c.code
  AND s.deleted = 0 AND s.item IN ('operating_revenue', 'total_operating_revenue'))`;

/** Rows of a table for the companies with codes in [first, last], grouped by company code. */
function byCompany<Row extends { company_code: string }>(rows: Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const list = grouped.get(row.company_code);
    if (list) list.push(row);
    else grouped.set(row.company_code, [row]);
  }
  return grouped;
}

/**
 * The bundles of the companies (with a history) after `after` in code order, `limit` of them: each table
 * is read once for the page's range of codes (four queries, not four per company), all in one
 * transaction, so every bundle of the page is of the same state of the data (`version`).
 */
export function marketBundlesPage(
  db: Database,
  after: string,
  limit: number,
  listings: ReadonlyMap<string, CompanyListing> = new Map(),
  today: Date = new Date(),
): BundlesPage {
  return db.transaction(() => {
    const total = queryOne<{ n: number }>(db, `SELECT count(*) AS n FROM companies c WHERE ${WITH_HISTORY}`)?.n ?? 0;
    const companies = queryAll<CompanyRecord>(
      db,
      `SELECT c.code, c.name, c.industry FROM companies c WHERE c.code > ? AND ${WITH_HISTORY} ORDER BY c.code LIMIT ?`,
      after,
      limit + 1,
    );
    const more = companies.length > limit;
    const page = companies.slice(0, limit);
    const first = page[0]?.code;
    const last = page[page.length - 1]?.code;
    if (first === undefined || last === undefined) return { bundles: [], next: null, total };
    const range = [first, last] as const;
    const statements = byCompany(
      queryAll<StatementValueRow & { company_code: string }>(
        db,
        `SELECT company_code, report_type, year, item, value FROM statement_values
         WHERE company_code BETWEEN ? AND ? AND deleted = 0`,
        ...range,
      ),
    );
    const overrides = byCompany(
      queryAll<OverrideRow & { company_code: string }>(
        db,
        `SELECT company_code, year, parameter, value FROM forecast_parameters
         WHERE company_code BETWEEN ? AND ? AND deleted = 0 AND source = 'user_set'`,
        ...range,
      ),
    );
    const parameters = new Map(
      queryAll<ValuationParameters & { company_code: string }>(
        db,
        `SELECT company_code, wacc_manual, terminal_growth_rate_manual, total_shares_manual FROM valuation_inputs
         WHERE company_code BETWEEN ? AND ? AND deleted = 0`,
        ...range,
      ).map((row) => [row.company_code, row]),
    );
    const assumptions = queryOne<AssumptionRow>(db, 'SELECT * FROM wacc_assumptions WHERE id = 1');
    const betas = new Map(
      queryAll<{ industry: string; beta: number }>(db, 'SELECT industry, beta FROM industry_betas').map((row) => [
        row.industry,
        row.beta,
      ]),
    );
    const version = currentChangeSeq(db);
    const asOf = valuationDate(today);
    const quotes = yearEndQuotesBetween(db, ...range);
    const statistics = new Map<string, IndustryStatistics | null>();
    const statisticsOf = (industry: string) => {
      if (!statistics.has(industry)) statistics.set(industry, readIndustryStatistics(db, industry));
      return statistics.get(industry) ?? null;
    };
    const bundles = page.map((company) =>
      bundleOf(company, listings.get(company.code) ?? null, {
        statements: statementsFromRows(company, statements.get(company.code) ?? []),
        parameters: parametersFromRow(parameters.get(company.code)),
        overrides: overridesFromRows(overrides.get(company.code) ?? []),
        waccAssumptions: waccAssumptionsFrom(assumptions, company.industry, betas.get(company.industry)),
        industry_comparison: readIndustryComparison(db, company, asOf, statisticsOf(company.industry)),
        year_end_quotes: quotes.get(company.code) ?? [],
        version,
      }),
    );
    return { bundles, next: more ? last : null, total };
  })();
}
