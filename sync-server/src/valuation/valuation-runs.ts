import type { CompanyValuation } from '@fcf/engine';
import {
  type DcfValuationView,
  dcfValuationView,
  fcfRatioView,
  type ModelValuationView,
  modelValuationView,
  valuationResultsView,
} from '@fcf/engine/report';
import { type Database, transaction } from '../db/database.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { clearOwedValuation } from '../store/owed-valuations.ts';
import { quotedWithoutModel, saveScreenerModel } from '../store/screener-models.ts';
import {
  saveFcfRatioResult,
  saveValuationResult,
  type ValuationSource,
  withdrawResults,
} from '../store/stored-results.ts';
import { ValuationRefused } from './valuation-errors.ts';
import type { ValuationService } from './valuation-service.ts';

interface FailedCompany {
  readonly company: string;
  readonly reason: string;
}

export interface BatchOutcome {
  readonly successful_companies: string[];
  readonly failed: FailedCompany[];
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The value a company's valuation stores: the chosen model's (docs/model.md 15.1), or null when none valued it. */
export function storedViewOf(valuation: CompanyValuation): DcfValuationView | ModelValuationView | null {
  return modelValuationView(valuation) ?? dcfValuationView(valuation);
}

/** The annual report year a stored view rests on. */
function yearOf(valuation: CompanyValuation, view: DcfValuationView | ModelValuationView): number {
  return view.model === 'fcff' ? valuation.latestYear : view.meta.latest_report_year;
}

/**
 * Stores a valuation as the lists show it: its value when it has one (the DCF, or the excess-return model's),
 * else the stored results are withdrawn (a figure from other inputs must not stay live). Call inside the
 * write's transaction.
 */
export function storeValuation(
  db: Database,
  company: CompanyRecord,
  valuation: CompanyValuation,
  source: ValuationSource,
): DcfValuationView | ModelValuationView | null {
  clearOwedValuation(db, company.code);
  const view = storedViewOf(valuation);
  if (view) {
    saveValuationResult(db, company.code, yearOf(valuation, view), view, source);
    // A forecast edit's revaluation: the company's own figures are read live; the industry's wait (see there).
    saveScreenerModel(db, company, valuation, false);
  } else {
    withdrawResults(db, company.code);
    if (screenedWithoutValue(valuation)) saveScreenerModel(db, company, valuation, false);
  }
  return view;
}

/**
 * A bank, insurer, broker or summary-only company that no model could value has no value yet a row in the
 * screen, with the warnings that say why, so that showing flagged companies lists it with the reason.
 */
function screenedWithoutValue(valuation: CompanyValuation): boolean {
  const code = valuation.error?.code;
  return valuation.model.id === null && (code === 'FINANCIAL_COMPANY' || code === 'SUMMARY_ONLY');
}

/**
 * Values a company with the engine from what is stored (auto forecast + the overrides, or the model the
 * registry chose) and stores the result. Throws ValuationRefused (or CompanyNotValued) with the engine's
 * reason when no valid valuation exists.
 */
export function runValuation(
  db: Database,
  valuations: ValuationService,
  company: CompanyRecord,
  source: ValuationSource = 'auto',
) {
  const valuation = valuations.value(company);
  const view = storedViewOf(valuation);
  if (!view) {
    // What was stored from other inputs is withdrawn here (a bank keeps its flagged screener row).
    transaction(db, () => storeValuation(db, company, valuation, source));
    throw new ValuationRefused(
      `${company.name}：${valuation.model.reason ?? valuation.error?.message ?? '估值参数无效'}`,
    );
  }
  transaction(db, () => {
    saveValuationResult(db, company.code, yearOf(valuation, view), view, source);
    saveScreenerModel(db, company, valuation);
    clearOwedValuation(db, company.code);
  });
  return { valuation, dcf: view, results: valuationResultsView(valuation) };
}

/**
 * Values a company whose data just changed and stores the outcome, whatever it is: answers null, or the
 * reason it could not be valued (a result computed from data that is gone must not stay live, so the
 * stored results are withdrawn then). Either way the company no longer owes a valuation.
 */
export function revalueCompany(db: Database, valuations: ValuationService, company: CompanyRecord): string | null {
  try {
    runValuation(db, valuations, company);
    return null;
  } catch (error) {
    // A refused valuation withdrew its own results and cleared the mark.
    if (!(error instanceof ValuationRefused)) {
      transaction(db, () => {
        withdrawResults(db, company.code);
        clearOwedValuation(db, company.code);
      });
    }
    return reasonOf(error);
  }
}

/**
 * Screener models for the quoted companies that have none (a fresh install's samples, a company quoted
 * before it was ever valued): valued from what is stored, without storing a valuation run. A company the
 * engine cannot value is left out of the screen.
 */
export function ensureScreenerModels(db: Database, valuations: ValuationService): number {
  let written = 0;
  for (const code of quotedWithoutModel(db)) {
    const company = findCompany(db, code);
    if (!company) continue;
    try {
      const valuation = valuations.value(company);
      if (!storedViewOf(valuation) && !screenedWithoutValue(valuation)) continue;
      transaction(db, () => saveScreenerModel(db, company, valuation));
      written++;
    } catch {
      // No history to value: nothing to screen.
    }
  }
  return written;
}

/** The FCF-ratio post-analysis of one company, stored. */
export function runFcfRatioAnalysis(db: Database, valuations: ValuationService, company: CompanyRecord) {
  const view = fcfRatioView(valuations.value(company));
  transaction(db, () => saveFcfRatioResult(db, company.code, view));
  return view;
}

/**
 * Runs `work` for every company; one failing company is recorded with its reason and never stops the
 * batch. `onProgress` is told after each company (for the progress bar). An aborted `signal` stops the
 * batch before the next company, throwing the signal's reason.
 */
export async function runBatch(
  companies: readonly CompanyRecord[],
  work: (company: CompanyRecord) => unknown,
  onProgress: (done: number) => void = () => {},
  signal?: AbortSignal,
): Promise<BatchOutcome> {
  const successful_companies: string[] = [];
  const failed: FailedCompany[] = [];
  for (const [index, company] of companies.entries()) {
    signal?.throwIfAborted();
    try {
      work(company);
      successful_companies.push(company.name);
    } catch (error) {
      failed.push({ company: company.name, reason: reasonOf(error) });
    }
    onProgress(index + 1);
    // Yield now and then so a long batch does not hold the event loop (other requests keep flowing).
    if (index % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
  }
  return { successful_companies, failed };
}
