import { NO_ADMIN_CHOICES, type ValuationParameters, valuationDate } from '@fcf/engine';
import type { CompanyBundle, CompanyListing, IndustryStatistics } from '@fcf/engine/report';
import { nextTurn, unitsPerSlice } from '../cache/time-slices.ts';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';
import { adminChoicesBetween } from '../store/admin-choices.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { industryComparisonOf, peerRowsBetween, readIndustryStatistics } from '../store/industry-statistics.ts';
import { statementsOfCompanies } from '../store/kept-statements.ts';
import { statementsFromRows } from '../store/statements.ts';
import { yearEndQuotesBetween } from '../store/year-end-quotes.ts';
import {
  bundleOf,
  type OverrideRow,
  overridesFromRows,
  parametersFromRow,
  readSharedInputs,
  type SharedInputs,
  waccAssumptionsFrom,
} from './stored-inputs.ts';

/** One slice of a page: a few companies' bundles, read in one transaction at change sequence `version`. */
export interface BundleSlice {
  readonly bundles: CompanyBundle[];
  readonly version: number;
}

/** Companies in the first slice of a page; later slices are sized to last about `SLICE_MS`. */
const FIRST_SLICE = 4;
const MOST_PER_SLICE = 64;

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
 * What every company of a page shares, read once a page: the CAPM inputs, the betas, the risk-free rates and
 * the platform's settings in its first slice, and each industry's statistics in the slice that first meets
 * it. A page gives those once (`BundlePageWriter`), so all its bundles must hold the same ones, even when the
 * data changes between its slices (such a page is answered once and not kept).
 */
interface PageReads extends SharedInputs {
  readonly statistics: Map<string, IndustryStatistics | null>;
}

function pageReads(db: Database): PageReads {
  return { ...readSharedInputs(db), statistics: new Map() };
}

/**
 * The bundles of `companies` (code order), a slice at a time. Each slice's tables are read in one
 * transaction for its range of codes (a few queries, not a few per company), and its `version` is the state
 * it read; what the page's companies share is read once a page (`PageReads`). The event loop turns between
 * slices, which are sized from the last one (its reads and what the caller did with it) to last about
 * `SLICE_MS`. A page of 250 companies is ~90,000 statement rows: read at once it held the event loop for
 * half a second.
 */
export async function* marketBundleSlices(
  db: Database,
  companies: readonly CompanyRecord[],
  listings: ReadonlyMap<string, CompanyListing> = new Map(),
  today: Date = new Date(),
): AsyncGenerator<BundleSlice> {
  let size = FIRST_SLICE;
  let shared: PageReads | null = null;
  for (let start = 0; start < companies.length; ) {
    const slice = companies.slice(start, start + size);
    const started = performance.now();
    const read = readSlice(db, slice, listings, today, shared);
    shared = read.shared;
    yield read.slice;
    size = unitsPerSlice(slice.length, performance.now() - started, MOST_PER_SLICE);
    start += slice.length;
    if (start < companies.length) await nextTurn();
  }
}

/** The bundles of a few companies (code order), read in one transaction; `shared` once a page. */
function readSlice(
  db: Database,
  companies: readonly CompanyRecord[],
  listings: ReadonlyMap<string, CompanyListing>,
  today: Date,
  sharedSoFar: PageReads | null,
): { slice: BundleSlice; shared: PageReads | null } {
  return db.transaction(() => {
    const first = companies[0]?.code;
    const last = companies[companies.length - 1]?.code;
    const version = currentChangeSeq(db);
    if (first === undefined || last === undefined) return { slice: { bundles: [], version }, shared: sharedSoFar };
    const shared = sharedSoFar ?? pageReads(db);
    const range = [first, last] as const;
    const statements = statementsOfCompanies(db, companies);
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
    const asOf = valuationDate(today);
    const quotes = yearEndQuotesBetween(db, ...range);
    const choices = adminChoicesBetween(db, ...range);
    const peers = peerRowsBetween(db, ...range);
    const statisticsOf = (industry: string) => {
      if (!shared.statistics.has(industry)) shared.statistics.set(industry, readIndustryStatistics(db, industry));
      return shared.statistics.get(industry) ?? null;
    };
    const bundles = companies.map((company) =>
      bundleOf(company, listings.get(company.code) ?? null, {
        statements: statements.get(company.code) ?? statementsFromRows(company, []),
        parameters: parametersFromRow(parameters.get(company.code)),
        overrides: overridesFromRows(overrides.get(company.code) ?? []),
        waccAssumptions: waccAssumptionsFrom(
          shared.assumptions,
          company.industry,
          shared.industryBetas.get(company.industry),
          shared.riskFreeRates,
        ),
        industry_comparison: industryComparisonOf(
          company,
          peers.get(company.code),
          asOf,
          statisticsOf(company.industry),
        ),
        year_end_quotes: quotes.get(company.code) ?? [],
        version,
        platform: shared.platform,
        admin_choices: choices.get(company.code) ?? NO_ADMIN_CHOICES,
      }),
    );
    return { slice: { bundles, version }, shared };
  })();
}
