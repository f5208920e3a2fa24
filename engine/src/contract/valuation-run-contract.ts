import * as z from 'zod/mini';
import { envelope, named } from './envelope.ts';
import { companyValuationViewSchema } from './model-valuation-contract.ts';
import { boundedText, COMPANY_FIELD_MAX, KEYWORD_FIELD_MAX } from './text-fields.ts';
import { valuationResultsViewSchema } from './valuation-contract.ts';

/** Valuation runs, the FCF-ratio post-analysis and the jobs that report a batch's progress (back office). */

export const companyRunBody = z.object({
  calculation_type: z.optional(boundedText(KEYWORD_FIELD_MAX)),
  force_recalculate: z.optional(z.boolean()),
});

export const autoRunBody = z.object({
  mode: z._default(z.enum(['force_all', 'unvalued'], { error: 'mode 只能是 force_all 或 unvalued' }), 'force_all'),
  companies: z.nullish(z.array(boundedText(COMPANY_FIELD_MAX))),
  async: z.optional(z.boolean().check(z.describe('true：立即返回任务编号，进度见 GET /api/jobs/{id}'))),
});

export const scriptBody = z.object({
  script_type: z.literal('post_analysis', { error: 'script_type 只支持 post_analysis' }),
  mode: z.literal('fcf_ratio', { error: 'mode 只支持 fcf_ratio' }),
  company_name: z.nullish(boundedText(COMPANY_FIELD_MAX)),
  force_recalculate: z.optional(z.boolean()),
  async: z.optional(z.boolean()),
});

export const companyRunAnswer = envelope(
  z.object({
    company: z.string(),
    latest_year: z.number(),
    valuation_results: z
      .nullable(valuationResultsViewSchema)
      .check(z.describe('DCF 的结果汇总；按超额收益模型估值的公司为 null')),
    dcf: companyValuationViewSchema.check(z.describe('所用模型的估值（model 字段：fcff 或 excess_return）')),
  }),
);

export const batchOutcomeSchema = z.object({
  successful_companies: z.array(z.string()),
  failed: z.array(z.object({ company: z.string(), reason: z.string() })),
});

/** A batch that ran to the end: who succeeded, who failed and why. */
export const batchAnswer = named(
  'BatchAnswer',
  z.object({
    success: z.boolean(),
    data: batchOutcomeSchema,
    summary: z.object({ success_count: z.number(), failure_count: z.number(), companies_analyzed: z.number() }),
    message: z.string(),
  }),
);
export type BatchAnswer = z.infer<typeof batchAnswer>;

/** 202: the batch runs as a job. */
export const jobStartedAnswer = envelope(z.object({ job_id: z.string(), total: z.number() }));

export const jobSchema = named(
  'Job',
  z.object({
    id: z.string(),
    kind: z.string(),
    status: z.enum(['running', 'done', 'failed']),
    done: z.number(),
    total: z.number(),
    result: z.nullable(batchAnswer).check(z.describe('结束后：与同步执行时的回答相同')),
    error: z.nullable(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Job = z.infer<typeof jobSchema>;
export const jobAnswer = envelope(jobSchema);

/** Either answer of a run: the batch's outcome, or (async) the job that will have it. */
export const batchOrJobAnswer = z.union([batchAnswer, jobStartedAnswer]);
