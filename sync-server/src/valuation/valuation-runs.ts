import { type CompanyValuation, perShareValueOf } from '@fcf/engine';
import {
  type DcfValuationView,
  dcfValuationView,
  fcfRatioView,
  type ModelValuationView,
  modelValuationView,
  valuationResultsView,
} from '@fcf/engine/report';
import { TimeSlices } from '../cache/time-slices.ts';
import { atomically, type Database, savepoint, transaction } from '../db/database.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { clearOwedValuation } from '../store/owed-valuations.ts';
import { quotedWithoutModel, saveScreenerModel } from '../store/screener-models.ts';
import {
  loadStoredRange,
  saveFcfRatioResult,
  saveValuationResult,
  type ValuationSource,
  withdrawResults,
} from '../store/stored-results.ts';
import { readSharedInputs, type SharedInputs } from './stored-inputs.ts';
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
 * Stores a forecast edit's revaluation as the lists show it: its value when it has one (the DCF, or the
 * excess-return model's), else the stored results are withdrawn (a figure from other inputs must not stay
 * live). The stored range is kept as the last valuation run left it while the value stays meaningful: a
 * simulation per edit would cost every sync push ~0.1 s (docs/model.md 16, the stored verdict). Call inside
 * the write's transaction.
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
    const range = perShareValueOf(valuation).value === null ? null : loadStoredRange(db, company.code);
    saveValuationResult(db, company.code, yearOf(valuation, view), view, source, range);
    // A forecast edit's revaluation: the company's own figures are read live; the industry's wait (see there).
    saveScreenerModel(db, company, valuation, range, false);
  } else {
    withdrawResults(db, company.code);
    if (screenedWithoutValue(valuation)) saveScreenerModel(db, company, valuation, null, false);
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

/** A company a run valued and stored, or the reason it has no value. */
type RunOutcome =
  | { readonly valuation: CompanyValuation; readonly view: DcfValuationView | ModelValuationView }
  | { readonly refused: string };

/**
 * Values a company from what is stored (auto forecast + the overrides, or the model the registry chose) and
 * stores the result with its range, in the transaction the caller holds (or one of its own); the valuation and
 * the simulation run before it, as they only read. A company no model values has what was stored from other
 * inputs withdrawn and answers the engine's reason; one the engine cannot value at all throws
 * CompanyNotValued and writes nothing. `shared`: what the run read once.
 */
function valueAndStore(
  db: Database,
  valuations: ValuationService,
  company: CompanyRecord,
  source: ValuationSource,
  shared?: SharedInputs,
): RunOutcome {
  const { valuation, range } = valuations.forRun(company, shared);
  return atomically(db, 'valuation_run', () => {
    const view = storedViewOf(valuation);
    if (!view) {
      // What was stored from other inputs is withdrawn here (a bank keeps its flagged screener row).
      storeValuation(db, company, valuation, source);
      return { refused: `${company.name}：${valuation.model.reason ?? valuation.error?.message ?? '估值参数无效'}` };
    }
    saveValuationResult(db, company.code, yearOf(valuation, view), view, source, range);
    saveScreenerModel(db, company, valuation, range);
    clearOwedValuation(db, company.code);
    return { valuation, view };
  });
}

/**
 * Values a company and stores the result (see valueAndStore). Throws ValuationRefused (or CompanyNotValued)
 * with the engine's reason when no valid valuation exists.
 */
export function runValuation(
  db: Database,
  valuations: ValuationService,
  company: CompanyRecord,
  source: ValuationSource = 'auto',
) {
  const outcome = valueAndStore(db, valuations, company, source);
  if ('refused' in outcome) throw new ValuationRefused(outcome.refused);
  const { valuation, view } = outcome;
  return { valuation, dcf: view, results: valuationResultsView(valuation) };
}

/**
 * Values a company whose data just changed and stores the outcome, whatever it is: answers null, or the
 * reason it could not be valued (a result computed from data that is gone must not stay live, so the
 * stored results are withdrawn then). Either way the company no longer owes a valuation.
 */
export function revalueCompany(
  db: Database,
  valuations: ValuationService,
  company: CompanyRecord,
  shared?: SharedInputs,
): string | null {
  try {
    const outcome = valueAndStore(db, valuations, company, 'auto', shared);
    return 'refused' in outcome ? outcome.refused : null;
  } catch (error) {
    // Whatever the reason (the engine's, or a failed write), what was stored from other data is withdrawn.
    atomically(db, 'valuation_withdrawn', () => {
      withdrawResults(db, company.code);
      clearOwedValuation(db, company.code);
    });
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
      const { valuation, range } = valuations.forRun(company);
      if (!storedViewOf(valuation) && !screenedWithoutValue(valuation)) continue;
      transaction(db, () => saveScreenerModel(db, company, valuation, range));
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
  atomically(db, 'fcf_ratio_run', () => saveFcfRatioResult(db, company.code, view));
  return view;
}

/** What a batch does for one company: null when done, else the reason it was not (its writes stay). */
export type BatchWork = (company: CompanyRecord, shared: SharedInputs) => string | null;

export interface BatchOptions {
  /** Told the number of companies done after each slice (the progress bar). */
  readonly onProgress?: (done: number) => void;
  /** Aborted: the batch stops before the next slice, throwing the signal's reason. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Runs `work` for every company, a slice of about SLICE_MS at a time: the event loop turns between slices,
 * so other requests keep flowing. A slice reads what its companies share once (`readSharedInputs`) and
 * writes in one transaction, each company under a savepoint of its own: a company whose work throws is
 * recorded with the reason and leaves nothing written, and never stops the batch; a slice whose
 * transaction fails leaves none of its companies written and records each as failed.
 */
export async function runBatch(
  db: Database,
  companies: readonly CompanyRecord[],
  work: BatchWork,
  options: BatchOptions = {},
): Promise<BatchOutcome> {
  const successful_companies: string[] = [];
  const failed: FailedCompany[] = [];
  const slices = new TimeSlices();
  let next = 0;
  while (next < companies.length) {
    options.signal?.throwIfAborted();
    const done: string[] = [];
    const refused: FailedCompany[] = [];
    try {
      transaction(db, () => {
        const shared = readSharedInputs(db);
        do {
          const company = companies[next];
          if (!company) break;
          next++;
          let reason: string | null;
          try {
            reason = savepoint(db, 'batch_company', () => work(company, shared));
          } catch (error) {
            reason = reasonOf(error);
          }
          if (reason === null) done.push(company.name);
          else refused.push({ company: company.name, reason });
        } while (!slices.spent);
      });
    } catch (error) {
      // Nothing of the slice was written.
      refused.push(...done.splice(0).map((company) => ({ company, reason: reasonOf(error) })));
    }
    successful_companies.push(...done);
    failed.push(...refused);
    options.onProgress?.(next);
    await slices.pause();
  }
  return { successful_companies, failed };
}

/** The batch of a valuation run: each company valued and stored (runValuation's outcome, without throwing). */
export function valuationWork(db: Database, valuations: ValuationService): BatchWork {
  return (company, shared) => {
    const outcome = valueAndStore(db, valuations, company, 'auto', shared);
    return 'refused' in outcome ? outcome.refused : null;
  };
}

/** The batch of companies whose data changed: revalueCompany for each. */
export function revaluationWork(db: Database, valuations: ValuationService): BatchWork {
  return (company, shared) => revalueCompany(db, valuations, company, shared);
}
