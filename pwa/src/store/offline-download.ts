import { fetchBundle, loadCompanies } from './companies.ts';
import { writeBundle } from './db.ts';

export interface DownloadProgress {
  readonly done: number;
  readonly total: number;
  readonly failed: number;
}

const PARALLEL_REQUESTS = 4;

/**
 * '离线下载全部': stores every company's report data for offline reading, a few requests at a time,
 * reporting progress after each company. One failing company is counted and skipped.
 */
export async function downloadAllCompanies(
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadProgress> {
  const { value: companies } = await loadCompanies(true);
  const queue = companies.filter((company) => company.has_forecast_data).map((company) => company.code);
  const total = queue.length;
  let done = 0;
  let failed = 0;
  onProgress({ done, total, failed });
  const worker = async () => {
    for (let code = queue.shift(); code !== undefined; code = queue.shift()) {
      try {
        await writeBundle(await fetchBundle(code));
      } catch {
        failed++;
      }
      done++;
      onProgress({ done, total, failed });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_REQUESTS }, worker));
  return { done, total, failed };
}

/** Bytes this site stores, as the browser reports them. */
export async function storageUsage(): Promise<{ usage: number; quota: number } | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}
