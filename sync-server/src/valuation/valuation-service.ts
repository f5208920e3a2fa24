import {
  type CompanyValuation,
  isValuationError,
  perShareValueOf,
  STORED_RANGE_DRAWS,
  type StoredRange,
  storedRangeOf,
  type ValuationSettings,
  valuationDate,
  valueCompanyByModel,
  type YearOverrides,
} from '@fcf/engine';
import { type CompanyBundle, type CompanyListing, mergeOverrides, uncertaintyView } from '@fcf/engine/report';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { loadAdminChoices } from '../store/admin-choices.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { readPlatformSettings } from '../store/platform-settings.ts';
import { latestQuote } from '../store/quotes.ts';
import { loadCompanyStatements } from '../store/statements.ts';
import { yearEndQuotes } from '../store/year-end-quotes.ts';
import { IndustryComparisons } from './industry-comparisons.ts';
import { type BundleSlice, marketBundleSlices } from './market-bundles.ts';
import {
  bundleOf,
  loadCompanyContext,
  loadOverrides,
  loadValuationParameters,
  loadWaccAssumptions,
} from './stored-inputs.ts';
import { CompanyNotValued } from './valuation-errors.ts';

export interface WhatIf {
  readonly parameters?: Partial<ValuationSettings>;
  readonly overrides?: YearOverrides;
}

const CACHE_LIMIT = 512;

/**
 * Values companies from what is stored, with the shared engine, each by the model the registry chooses
 * (`valueCompanyByModel`, as the browser's worker does). A company's stored valuation is cached
 * until the next write anywhere (the global change sequence moves), so a read costs one tiny query; a
 * valuation taken inside a transaction (a write's revaluation) is computed afresh and not cached.
 */
export class ValuationService {
  private readonly cache = new Map<string, { seq: number; asOf: string | null; valuation: CompanyValuation }>();
  readonly industries: IndustryComparisons;

  /**
   * `listings`: market, listing date and 国标 division by code (the market lists; empty when not read).
   * `today` is the valuation date's clock (tests pass a fixed one).
   */
  constructor(
    private readonly db: Database,
    private readonly listings: ReadonlyMap<string, CompanyListing> = new Map(),
    private readonly today: () => Date = () => new Date(),
  ) {
    this.industries = new IndustryComparisons(db, today);
  }

  /** These companies' bundles with their listings, a slice at a time ("离线下载全部", see `marketBundleSlices`). */
  bundleSlices(companies: readonly CompanyRecord[]): AsyncGenerator<BundleSlice> {
    return marketBundleSlices(this.db, companies, this.listings, this.today());
  }

  /** What the engine needs to value the company, as stored: the bundle a browser caches for offline use. */
  bundle(company: CompanyRecord): CompanyBundle {
    return bundleOf(company, this.listings.get(company.code) ?? null, {
      statements: loadCompanyStatements(this.db, company),
      parameters: loadValuationParameters(this.db, company.code),
      overrides: loadOverrides(this.db, company.code),
      waccAssumptions: loadWaccAssumptions(this.db, company),
      industry_comparison: this.industries.of(company),
      year_end_quotes: yearEndQuotes(this.db, company.code),
      version: currentChangeSeq(this.db),
      platform: readPlatformSettings(this.db),
      admin_choices: loadAdminChoices(this.db, company.code),
    });
  }

  /**
   * The range a valuation run stores beside the value (docs/model.md 16, the stored verdict): the rating,
   * margin and weighted value of GET /api/home/uncertainty's seeded simulation at STORED_RANGE_DRAWS draws.
   * The range is by the company's model: the story model for an FCFF value, excess returns for theirs. Null for
   * no model's value, a value that is not meaningful, and wherever the model gives no range.
   */
  range(company: CompanyRecord, valuation: CompanyValuation): StoredRange | null {
    if (valuation.model.id === null || perShareValueOf(valuation).value === null) return null;
    try {
      const quote = latestQuote(this.db, company.code) ?? null;
      const view = uncertaintyView(this.bundle(company), quote, valuationDate(this.today()), {
        draws: STORED_RANGE_DRAWS,
      });
      return storedRangeOf(view);
    } catch (error) {
      if (isValuationError(error)) return null;
      throw error;
    }
  }

  /** The valuation of the stored data (plus a what-if); CompanyNotValued when the engine cannot value it. */
  value(company: CompanyRecord, whatIf?: WhatIf): CompanyValuation {
    try {
      return this.valuation(company, whatIf);
    } catch (error) {
      if (isValuationError(error)) {
        throw CompanyNotValued.of(error, company.name);
      }
      throw error;
    }
  }

  /** The same valuation for callers outside HTTP (sync): throws the engine's ValuationError as is. */
  valuation(company: CompanyRecord, whatIf?: WhatIf): CompanyValuation {
    const seq = currentChangeSeq(this.db);
    const today = this.today();
    if (!whatIf) {
      // Keyed by the date as well: a report turns stale on a day when nothing was written.
      const cached = this.cache.get(company.code);
      if (cached && cached.seq === seq && cached.asOf === valuationDate(today)) return cached.valuation;
    }
    const context = loadCompanyContext(this.db, company, today);
    const storedOverrides = loadOverrides(this.db, company.code);
    const valuation = valueCompanyByModel({
      statements: loadCompanyStatements(this.db, company),
      parameters: { ...loadValuationParameters(this.db, company.code), ...whatIf?.parameters },
      overrides: whatIf?.overrides ? mergeOverrides(storedOverrides, whatIf.overrides) : storedOverrides,
      waccAssumptions: loadWaccAssumptions(this.db, company),
      platform: readPlatformSettings(this.db),
      choices: loadAdminChoices(this.db, company.code),
      ...context,
    });
    // Not from inside a transaction: it may roll back, and a later write would reuse its change sequence.
    if (!whatIf && !this.db.inTransaction) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(company.code, { seq, asOf: context.asOf, valuation });
    }
    return valuation;
  }
}
