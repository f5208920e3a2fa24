import { type Database, transaction } from '../db/database.ts';
import type { BackgroundJobs } from '../jobs/background-jobs.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { clearOwedValuation, owedValuationCodes } from '../store/owed-valuations.ts';
import { type BatchOutcome, revaluationWork, runBatch } from './valuation-runs.ts';
import type { ValuationService } from './valuation-service.ts';

/** The job that values, after a start, what a stopped server left owed. */
export const OWED_VALUATIONS_JOB = 'owed_valuations';

export interface OwedValuationsRun {
  readonly jobId: string;
  readonly companies: number;
  /** What the batch did once it has ended; undefined when the server stopped it first. */
  readonly done: Promise<BatchOutcome | undefined>;
}

/**
 * Values the companies a write marked owed and never valued — a server killed during an upload, between
 * importing its files and valuing them. Runs as a background job after the start (the server answers
 * meanwhile; the batch yields to requests every few companies), so a long list never delays the start.
 * Answers undefined when nothing is owed.
 */
export function redoOwedValuations(
  db: Database,
  valuations: ValuationService,
  jobs: BackgroundJobs,
): OwedValuationsRun | undefined {
  const companies: CompanyRecord[] = [];
  for (const code of owedValuationCodes(db)) {
    const company = findCompany(db, code);
    if (company) companies.push(company);
    // A company removed since: nothing left to value.
    else transaction(db, () => clearOwedValuation(db, code));
  }
  if (companies.length === 0) return undefined;
  let outcome: BatchOutcome | undefined;
  const jobId = jobs.start(
    { kind: OWED_VALUATIONS_JOB, total: companies.length, createdBy: 'system' },
    async ({ progress, signal }) => {
      outcome = await runBatch(db, companies, revaluationWork(db, valuations), { onProgress: progress, signal });
      // Their industries' 行业对比 (a job writes after no request: nothing else rebuilds them).
      valuations.industries.rebuildIfStale();
      return outcome;
    },
  );
  return { jobId, companies: companies.length, done: jobs.settled(jobId).then(() => outcome) };
}
