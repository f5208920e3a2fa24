import type { CompanyBundle, CompanyReport, MarketContext } from '@fcf/engine/report';
import { afterFirstScreen } from '../lib/after-first-screen.ts';
import { whenIdle } from '../lib/when-idle.ts';
import type { StoredReport } from '../store/db.ts';
import { storedReportKey } from '../store/stored-report-key.ts';
import { computeReport, ENGINE_BUILD } from '../worker/engine-client.ts';

let keeping: Promise<unknown> = Promise.resolve();

/** Resolves once the last report computed is kept (or could not be). */
export async function lastReportKept(): Promise<void> {
  await keeping.catch(() => undefined);
}

/**
 * The company's report: the one kept from the last time it was computed from the same bundle, market
 * context and engine build, else computed by the engine in the worker (and then kept). Opening a report
 * again thus skips the engine (~30 ms on a phone-class CPU), offline too. `kept` is the company's kept
 * report as read by the caller; undefined computes the report whatever is kept (the refresh action).
 */
export async function reportOf(
  bundle: CompanyBundle,
  market: MarketContext,
  kept: Promise<StoredReport | undefined> | undefined,
): Promise<CompanyReport> {
  const code = bundle.company.code;
  const key = storedReportKey(ENGINE_BUILD, bundle, market);
  const stored = await kept;
  if (stored?.key === key) return stored.report;
  const report = await computeReport(bundle, market);
  // Kept once the browser is idle: a first visit loads and opens no database while its first screen is drawn.
  keeping = afterFirstScreen()
    .then(() => whenIdle())
    .then(() => import('../store/stored-reports.ts'))
    .then(({ writeStoredReport }) => writeStoredReport(code, key, report));
  return report;
}
