import type { CompanyBundle, CompanyReport, MarketContext } from '@fcf/engine/report';
import { openStore, reportStorageError, type StoredReport } from './db.ts';

/** Reports kept at most; the least recently computed go first. */
export const STORED_REPORTS_LIMIT = 50;

/**
 * Everything a stored report was computed from: the engine's build (`ENGINE_BUILD`: the hashed URL of the
 * chunk that starts the engine's worker, so a new engine never reads an old engine's report),
 * the bundle's version and the market context (the quote and the day).
 */
export function storedReportKey(engineBuild: string, bundle: CompanyBundle, market: MarketContext): string {
  return JSON.stringify([engineBuild, bundle.company.code, bundle.version, market]);
}

/** The company's kept report with its key, or undefined (none kept, or no storage). */
export async function readStoredReport(code: string): Promise<StoredReport | undefined> {
  const db = await openStore();
  try {
    return await db?.reports.get(code);
  } catch {
    return undefined;
  }
}

/** Keeps a computed report (one per company), dropping the oldest beyond `STORED_REPORTS_LIMIT`. */
export async function writeStoredReport(code: string, key: string, report: CompanyReport): Promise<void> {
  const db = await openStore();
  if (!db) return;
  try {
    await db.transaction('rw', db.reports, async () => {
      await db.reports.put({ code, key, report, savedAt: Date.now() });
      const surplus = (await db.reports.count()) - STORED_REPORTS_LIMIT;
      if (surplus > 0) await db.reports.orderBy('savedAt').limit(surplus).delete();
    });
  } catch (error) {
    reportStorageError(error);
  }
}
