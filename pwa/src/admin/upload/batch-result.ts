import type { Job } from '../admin-api.ts';

export type BatchKind = 'valuation' | 'fcf_ratio';

export interface BatchSummary {
  readonly succeeded: readonly string[];
  readonly failed: readonly { readonly company: string; readonly reason: string }[];
}

/** The outcome of a finished job, or an error message when it failed or its result cannot be read. */
export function summarizeJob(job: Job): { summary: BatchSummary } | { error: string } {
  if (job.status === 'failed') return { error: job.error ?? '批量任务失败' };
  // The job's answer was checked against the contract when it was read.
  if (!job.result) return { error: '批量任务已结束，但结果无法读取' };
  return { summary: { succeeded: job.result.data.successful_companies, failed: job.result.data.failed } };
}
