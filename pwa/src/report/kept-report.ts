import type { CompanyReport } from '@fcf/engine/report';
import { storedReportKey } from '../store/stored-report-key.ts';
import { ENGINE_BUILD } from '../worker/engine-client.ts';
import { inputsReadAhead, knownCompanyCode } from './report-inputs.ts';

/**
 * The report a page load opens with, when this browser kept it for the very inputs read ahead (same
 * engine build, bundle version and market context: report-of.ts's key); else null. Shown before the report
 * loader (report-loader.ts, with Dexie, the contracts and the server's refresh) is even loaded: that loader
 * follows, and finds the same report in the same inputs.
 */
export async function keptReportAtHand(named: string): Promise<{ name: string; report: CompanyReport } | null> {
  const code = knownCompanyCode(named);
  const ahead = code ? inputsReadAhead(code) : null;
  if (!ahead) return null;
  const { cached, market, kept } = await ahead;
  if (cached?.bundle.company.code !== code) return null;
  const stored = await kept;
  if (stored?.key !== storedReportKey(ENGINE_BUILD, cached.bundle, market)) return null;
  return { name: cached.bundle.company.name, report: stored.report };
}
