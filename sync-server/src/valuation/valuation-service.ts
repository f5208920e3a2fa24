import {
  type CompanyValuation,
  isValuationError,
  type ValuationParameters,
  valueCompany,
  type YearOverrides,
} from '@fcf/engine';
import { type CompanyBundle, type CompanyListing, mergeOverrides } from '@fcf/engine/report';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { loadCompanyStatements } from '../store/statements.ts';
import { loadOverrides, loadValuationParameters, loadWaccAssumptions } from './stored-inputs.ts';

export interface WhatIf {
  readonly parameters?: Partial<ValuationParameters>;
  readonly overrides?: YearOverrides;
}

const CACHE_LIMIT = 512;

/**
 * Values companies from what is stored, with the shared engine. A company's stored valuation is cached
 * until the next write anywhere (the global change sequence moves), so a read costs one tiny query; a
 * valuation taken inside a transaction (a write's revaluation) is computed afresh and not cached.
 */
export class ValuationService {
  private readonly cache = new Map<string, { seq: number; valuation: CompanyValuation }>();

  constructor(
    private readonly db: Database,
    /** Market, listing date and 国标 division by code (the market lists); empty when not read. */
    private readonly listings: ReadonlyMap<string, CompanyListing> = new Map(),
  ) {}

  /** What the engine needs to value the company, as stored: the bundle a browser caches for offline use. */
  bundle(company: CompanyRecord): CompanyBundle {
    const { industryBeta: _industryBeta, ...waccAssumptions } = loadWaccAssumptions(this.db, company);
    return {
      company: {
        code: company.code,
        name: company.name,
        industry: company.industry,
        listing: this.listings.get(company.code) ?? null,
      },
      statements: loadCompanyStatements(this.db, company),
      parameters: loadValuationParameters(this.db, company.code),
      overrides: loadOverrides(this.db, company.code),
      waccAssumptions,
      version: currentChangeSeq(this.db),
    };
  }

  /** The valuation of the stored data (plus a what-if); 422 when the company has no history to value. */
  value(company: CompanyRecord, whatIf?: WhatIf): CompanyValuation {
    try {
      return this.valuation(company, whatIf);
    } catch (error) {
      if (isValuationError(error)) {
        throw new ApiError(error.code === 'NO_HISTORY' ? 422 : 400, error.message, `${company.name}：${error.message}`);
      }
      throw error;
    }
  }

  /** The same valuation for callers outside HTTP (sync): throws the engine's ValuationError as is. */
  valuation(company: CompanyRecord, whatIf?: WhatIf): CompanyValuation {
    const seq = currentChangeSeq(this.db);
    if (!whatIf) {
      const cached = this.cache.get(company.code);
      if (cached && cached.seq === seq) return cached.valuation;
    }
    const storedOverrides = loadOverrides(this.db, company.code);
    const valuation = valueCompany({
      statements: loadCompanyStatements(this.db, company),
      parameters: { ...loadValuationParameters(this.db, company.code), ...whatIf?.parameters },
      overrides: whatIf?.overrides ? mergeOverrides(storedOverrides, whatIf.overrides) : storedOverrides,
      waccAssumptions: loadWaccAssumptions(this.db, company),
    });
    // Not from inside a transaction: it may roll back, and a later write would reuse its change sequence.
    if (!whatIf && !this.db.inTransaction) {
      if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(company.code, { seq, valuation });
    }
    return valuation;
  }
}
