import type { CompanyReport } from '@fcf/engine/report';
import { openStore, reportStorageError, type StoredReport } from './db.ts';

export { storedReportKey } from './stored-report-key.ts';

/** Reports kept at most; the least recently computed go first. */
export const STORED_REPORTS_LIMIT = 50;

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
