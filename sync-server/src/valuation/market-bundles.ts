import { NO_ADMIN_CHOICES, type ValuationParameters, valuationDate } from '@fcf/engine';
import type { CompanyBundle, CompanyListing, IndustryComparisonView, IndustryStatistics } from '@fcf/engine/report';
import { nextTurn, unitsPerSlice } from '../cache/time-slices.ts';
import { currentChangeSeq, pageDataSeq } from '../db/change-seq.ts';
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

/**
 * One slice of a page: a few companies' bundles without their 行业对比, read in one transaction at the page's
 * data sequence `version` (`pageDataSeq` over the page's codes): each bundle carries it as its version.
 */
export interface BundleSlice {
  readonly bundles: CompanyBundle[];
  readonly version: number;
}

/** One slice of every company's 行业对比 (`marketComparisonSlices`), read at change sequence `version`. */
export interface ComparisonSlice {
  readonly comparisons: { readonly company: CompanyRecord; readonly comparison: IndustryComparisonView | null }[];
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
 * What every company of a page shares, read once a page in its first slice: the CAPM inputs, the betas, the
 * risk-free rates and the platform's settings (`readSharedInputs`). A page gives the rates once
 * (`BundlePageWriter`), so all its bundles must hold the same ones, even when the data changes between its
 * slices (such a page is answered once and not kept).
 */

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
): AsyncGenerator<BundleSlice> {
  let size = FIRST_SLICE;
  let shared: SharedInputs | null = null;
  const range = [companies[0]?.code ?? '', companies[companies.length - 1]?.code ?? ''] as const;
  for (let start = 0; start < companies.length; ) {
    const slice = companies.slice(start, start + size);
    const started = performance.now();
    const read = readSlice(db, slice, range, listings, shared);
    shared = read.shared;
    yield read.slice;
    size = unitsPerSlice(slice.length, performance.now() - started, MOST_PER_SLICE);
    start += slice.length;
    if (start < companies.length) await nextTurn();
  }
}

/**
 * The bundles of a few companies (code order) of the page of codes `page`, read in one transaction;
 * `shared` once a page.
 */
function readSlice(
  db: Database,
  companies: readonly CompanyRecord[],
  page: readonly [string, string],
  listings: ReadonlyMap<string, CompanyListing>,
  sharedSoFar: SharedInputs | null,
): { slice: BundleSlice; shared: SharedInputs | null } {
  return db.transaction(() => {
    const first = companies[0]?.code;
    const last = companies[companies.length - 1]?.code;
    const version = pageDataSeq(db, ...page);
    if (first === undefined || last === undefined) return { slice: { bundles: [], version }, shared: sharedSoFar };
    const shared = sharedSoFar ?? readSharedInputs(db);
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
    const quotes = yearEndQuotesBetween(db, ...range);
    const choices = adminChoicesBetween(db, ...range);
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
        year_end_quotes: quotes.get(company.code) ?? [],
        version,
        platform: shared.platform,
        admin_choices: choices.get(company.code) ?? NO_ADMIN_CHOICES,
      }),
    );
    return { slice: { bundles, version }, shared };
  })();
}

/** Companies per slice of `marketComparisonSlices`: a slice of 500 reads and places in about 15 ms. */
const COMPARISONS_PER_SLICE = 500;

/**
 * Every company's 行业对比 (`companies` in code order), a slice of codes at a time, each read in one transaction at
 * the change sequence it reports; each industry's statistics are read once. The pages of bundles do not
 * carry it (`GET /api/data/company-bundles/industries` does): one company's new value moves its whole
 * industry's percentiles, and 制造业 has companies on every page.
 */
export async function* marketComparisonSlices(
  db: Database,
  companies: readonly CompanyRecord[],
  today: Date = new Date(),
  perSlice = COMPARISONS_PER_SLICE,
): AsyncGenerator<ComparisonSlice> {
  const asOf = valuationDate(today);
  // Read once for all slices: every company of an industry is placed against the same statistics.
  const statistics = new Map<string, IndustryStatistics | null>();
  for (let start = 0; start < companies.length; start += perSlice) {
    const slice = companies.slice(start, start + perSlice);
    yield db.transaction(() => {
      const version = currentChangeSeq(db);
      const peers = peerRowsBetween(db, slice[0]?.code ?? '', slice[slice.length - 1]?.code ?? '');
      const statisticsOf = (industry: string) => {
        if (!statistics.has(industry)) statistics.set(industry, readIndustryStatistics(db, industry));
        return statistics.get(industry) ?? null;
      };
      const comparisons = slice.map((company) => ({
        company,
        comparison: industryComparisonOf(company, peers.get(company.code), asOf, statisticsOf(company.industry)),
      }));
      return { comparisons, version };
    })();
    if (start + perSlice < companies.length) await nextTurn();
  }
}
