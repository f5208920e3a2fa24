import { valuationDate } from '@fcf/engine';
import type { IndustryComparisonView } from '@fcf/engine/report';
import { type Database, transaction } from '../db/database.ts';
import type { CompanyRecord } from '../store/companies.ts';
import {
  companiesWithoutPeerFigures,
  hasStaleIndustries,
  readIndustryComparison,
  rebuildStaleIndustries,
  refreshPeerFigures,
} from '../store/industry-statistics.ts';

/**
 * 行业对比 for the routes and bundles (a read of the stored statistics) and the rebuild of what writes marked
 * stale: when the unit of work that wrote ends (a request before it answers, a background job when it is
 * done; db/invalidations.ts), or at the start; never in a read.
 */
export class IndustryComparisons {
  constructor(
    private readonly db: Database,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** The company's comparison as stored; null before its industry's statistics are first built. */
  of(company: CompanyRecord): IndustryComparisonView | null {
    return readIndustryComparison(this.db, company, valuationDate(this.today()));
  }

  /** Rebuilds the stale industries now. Returns the industries rebuilt. */
  rebuild(): string[] {
    return rebuildStaleIndustries(this.db, valuationDate(this.today()));
  }

  /** Rebuilds the industries writes left marked (one small query when none). */
  rebuildIfStale(): void {
    if (hasStaleIndustries(this.db)) this.rebuild();
  }
}

/**
 * Works out the figures of companies stored before 行业对比 kept them (each company's statements once,
 * a transaction per company so writes interleave), then builds the industries. Returns how many companies.
 */
export function backfillIndustryStatistics(db: Database, today: Date): number {
  const missing = companiesWithoutPeerFigures(db);
  for (const company of missing) transaction(db, () => refreshPeerFigures(db, company));
  rebuildStaleIndustries(db, valuationDate(today));
  return missing.length;
}
