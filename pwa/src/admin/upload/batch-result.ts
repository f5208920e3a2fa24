import * as z from 'zod/mini';
import type { Job } from '../admin-api.ts';

export type BatchKind = 'valuation' | 'fcf_ratio';

export interface BatchSummary {
  readonly succeeded: readonly string[];
  readonly failed: readonly { readonly company: string; readonly reason: string }[];
}

/** A finished job's result is the synchronous batch answer (valuation-run-routes batchAnswer). */
const jobResultSchema = z.object({
  data: z.object({
    successful_companies: z.array(z.string()),
    failed: z.array(z.object({ company: z.string(), reason: z.string() })),
  }),
});

/** The outcome of a finished job, or an error message when it failed or its result cannot be read. */
export function summarizeJob(job: Job): { summary: BatchSummary } | { error: string } {
  if (job.status === 'failed') return { error: job.error ?? '批量任务失败' };
  const parsed = jobResultSchema.safeParse(job.result);
  if (!parsed.success) return { error: '批量任务已结束，但结果无法读取' };
  return { summary: { succeeded: parsed.data.data.successful_companies, failed: parsed.data.data.failed } };
}
