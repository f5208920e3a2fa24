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

/** How long after a write the industries it touched are rebuilt: a burst of writes costs one rebuild. */
const REBUILD_DELAY_MS = 50;

/**
 * 行业对比 for the routes and bundles (a read of the stored statistics) and the rebuild of what writes marked
 * stale: at the end of the write's own request, or on a timer after a background job's writes; never in a
 * read.
 */
export class IndustryComparisons {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: Database,
    private readonly today: () => Date = () => new Date(),
  ) {}

  /** The company's comparison as stored; null before its industry's statistics are first built. */
  of(company: CompanyRecord): IndustryComparisonView | null {
    return readIndustryComparison(this.db, company, valuationDate(this.today()));
  }

  /** Rebuilds the stale industries now (start, seeding, tests). Returns the industries rebuilt. */
  rebuild(): string[] {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return rebuildStaleIndustries(this.db, valuationDate(this.today()));
  }

  /** Rebuilds the industries a write just marked (at the end of the write's request: one small query when none). */
  rebuildIfStale(): void {
    if (hasStaleIndustries(this.db)) this.rebuild();
  }

  /** Rebuilds a moment from now when a write left industries stale (one pending rebuild at a time). */
  schedule(): void {
    if (this.timer || !hasStaleIndustries(this.db)) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // The server stopped meanwhile: the marks stay in the database for the next start.
      if (!this.db.open) return;
      try {
        this.rebuild();
      } catch (error) {
        // A closed database (the server stopping) or a lost connection: the marks stay for the next write.
        console.warn(`行业统计更新失败：${error instanceof Error ? error.message : String(error)}`);
      }
    }, REBUILD_DELAY_MS);
    this.timer.unref();
  }

  /** Stops a pending rebuild (the server closing). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
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
