import {
  type CompanyValuation,
  isValuationError,
  perShareValueOf,
  type StoredRange,
  storedRangeFor,
  type ValuationSettings,
  valuationDate,
  valueCompanyByModel,
  type YearOverrides,
} from '@fcf/engine';
import { type CompanyBundle, type CompanyListing, mergeOverrides } from '@fcf/engine/report';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { IndustryComparisons } from './industry-comparisons.ts';
import {
  type BundleSlice,
  type ComparisonSlice,
  marketBundleSlices,
  marketComparisonSlices,
} from './market-bundles.ts';
import {
  bundleOf,
  type CompanyInputs,
  loadCompanyInputs,
  rangeInputOf,
  readSharedInputs,
  type SharedInputs,
  valuationInputOf,
} from './stored-inputs.ts';
import { CompanyNotValued } from './valuation-errors.ts';

/** The engine's refusal to value the company at all, as CompanyNotValued. */
function valuedOrNot(company: CompanyRecord, value: () => CompanyValuation): CompanyValuation {
  try {
    return value();
  } catch (error) {
    if (isValuationError(error)) throw CompanyNotValued.of(error, company.name);
    throw error;
  }
}

export interface WhatIf {
  readonly parameters?: Partial<ValuationSettings>;
  readonly overrides?: YearOverrides;
}

const CACHE_LIMIT = 512;

/** What a valuation run stores of a company: its valuation and the range beside the value. */
export interface RunValuation {
  readonly valuation: CompanyValuation;
  readonly range: StoredRange | null;
}

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
    return marketBundleSlices(this.db, companies, this.listings);
  }

  /** These companies' 行业对比, a slice at a time (what "离线下载全部" gets apart from the pages). */
  comparisonSlices(companies: readonly CompanyRecord[]): AsyncGenerator<ComparisonSlice> {
    return marketComparisonSlices(this.db, companies, this.today());
  }

  /** What the engine needs to value the company, as stored: the bundle a browser caches for offline use. */
  bundle(company: CompanyRecord): CompanyBundle {
    const inputs = loadCompanyInputs(this.db, company, readSharedInputs(this.db));
    return bundleOf(company, this.listings.get(company.code) ?? null, {
      statements: inputs.statements,
      parameters: inputs.parameters,
      overrides: inputs.overrides,
      waccAssumptions: inputs.waccAssumptions,
      industry_comparison: this.industries.of(company),
      year_end_quotes: inputs.yearEndQuotes,
      version: currentChangeSeq(this.db),
      platform: inputs.platform,
      admin_choices: inputs.choices,
    });
  }

  /**
   * What a valuation run stores for the company, from one read of its inputs (`shared`: read once for the
   * run's slice): its valuation, and the range beside the value (docs/model.md 16, the stored verdict) — the
   * rating, margin and weighted value of GET /api/home/uncertainty's seeded simulation at STORED_RANGE_DRAWS
   * draws, from the same inputs as the bundle. The range is by the company's model: the story model for an FCFF
   * value, excess returns for theirs; null for no model's value, a value that is not meaningful, and wherever
   * the model gives no range. CompanyNotValued when the engine cannot value the company.
   */
  forRun(company: CompanyRecord, shared: SharedInputs = readSharedInputs(this.db)): RunValuation {
    const today = this.today();
    const inputs = loadCompanyInputs(this.db, company, shared);
    const valuation = this.valueFrom(company, inputs, today);
    return { valuation, range: this.rangeOf(company, inputs, valuation, today) };
  }

  private rangeOf(
    company: CompanyRecord,
    inputs: CompanyInputs,
    valuation: CompanyValuation,
    today: Date,
  ): StoredRange | null {
    if (valuation.model.id === null || perShareValueOf(valuation).value === null) return null;
    try {
      return storedRangeFor(company.code, rangeInputOf(company, inputs, today));
    } catch (error) {
      if (isValuationError(error)) return null;
      throw error;
    }
  }

  /** The valuation of the stored data (plus a what-if); CompanyNotValued when the engine cannot value it. */
  value(company: CompanyRecord, whatIf?: WhatIf): CompanyValuation {
    return valuedOrNot(company, () => this.valuation(company, whatIf));
  }

  private valueFrom(company: CompanyRecord, inputs: CompanyInputs, today: Date): CompanyValuation {
    return valuedOrNot(company, () => valueCompanyByModel(valuationInputOf(company, inputs, today)));
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
    const inputs = loadCompanyInputs(this.db, company, readSharedInputs(this.db));
    const input = valuationInputOf(company, inputs, today);
    const valuation = valueCompanyByModel({
      ...input,
      parameters: { ...input.parameters, ...whatIf?.parameters },
      overrides: whatIf?.overrides ? mergeOverrides(inputs.overrides, whatIf.overrides) : inputs.overrides,
    });
    // Not from inside a transaction: it may roll back, and a later write would reuse its change sequence.
    if (!whatIf && !this.db.inTransaction) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(company.code, { seq, asOf: input.asOf ?? null, valuation });
    }
    return valuation;
  }
}
