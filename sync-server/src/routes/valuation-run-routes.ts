import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { boundedText, COMPANY_FIELD_MAX, KEYWORD_FIELD_MAX } from '../http/text-fields.ts';
import { jsonBody } from '../http/validate.ts';
import { type CompanyRecord, findCompany, listCompanies } from '../store/companies.ts';
import { codesWithResults } from '../store/stored-results.ts';
import { type BatchOutcome, runBatch, runFcfRatioAnalysis, runValuation } from '../valuation/valuation-runs.ts';
import { companyFromPath } from './company-param.ts';

const companyRunBody = z.object({
  calculation_type: boundedText(KEYWORD_FIELD_MAX).optional(),
  force_recalculate: z.boolean().optional(),
});

const autoRunBody = z.object({
  mode: z.enum(['force_all', 'unvalued'], { error: 'mode 只能是 force_all 或 unvalued' }).default('force_all'),
  companies: z.array(boundedText(COMPANY_FIELD_MAX)).nullish(),
  async: z.boolean().optional(),
});

const scriptBody = z.object({
  script_type: z.literal('post_analysis', { error: 'script_type 只支持 post_analysis' }),
  mode: z.literal('fcf_ratio', { error: 'mode 只支持 fcf_ratio' }),
  company_name: boundedText(COMPANY_FIELD_MAX).nullish(),
  force_recalculate: z.boolean().optional(),
  async: z.boolean().optional(),
});

/** The companies a batch names (unknown names fail with their reason), or all of them. */
function batchCompanies(
  c: Context<AppEnv>,
  named: readonly string[] | null | undefined,
): { companies: CompanyRecord[]; unknown: string[] } {
  const { db } = c.var.services;
  if (!named || named.length === 0) {
    // Companies without history are included: they fail with the reason, so the batch accounts for all.
    return { companies: listCompanies(db), unknown: [] };
  }
  const companies: CompanyRecord[] = [];
  const unknown: string[] = [];
  for (const name of named) {
    const company = findCompany(db, name);
    if (company) companies.push(company);
    else unknown.push(name);
  }
  return { companies, unknown };
}

function batchAnswer(outcome: BatchOutcome) {
  return {
    success: true,
    data: outcome,
    summary: {
      success_count: outcome.successful_companies.length,
      failure_count: outcome.failed.length,
      companies_analyzed: outcome.successful_companies.length,
    },
    message: `完成：成功 ${outcome.successful_companies.length} 家，失败 ${outcome.failed.length} 家`,
  };
}

/**
 * Runs a batch now, or (async) as a job whose progress GET /api/jobs/{id} reports: the answer then comes
 * at once with the job id.
 */
async function batch(
  c: Context<AppEnv>,
  kind: string,
  companies: readonly CompanyRecord[],
  unknown: readonly string[],
  work: (company: CompanyRecord) => unknown,
  runAsync: boolean,
) {
  const withUnknown = (outcome: BatchOutcome): BatchOutcome => ({
    successful_companies: outcome.successful_companies,
    failed: [...unknown.map((company) => ({ company, reason: `未找到公司"${company}"` })), ...outcome.failed],
  });
  if (!runAsync) return c.json(batchAnswer(withUnknown(await runBatch(companies, work))));
  const job = { kind, total: companies.length, createdBy: c.var.user?.username ?? 'admin' };
  const jobId = c.var.services.jobs.start(job, async ({ progress, signal }) =>
    batchAnswer(withUnknown(await runBatch(companies, work, progress, signal))),
  );
  return c.json({ success: true, data: { job_id: jobId, total: companies.length }, message: '任务已开始' }, 202);
}

/** Valuation runs, the FCF-ratio post-analysis and jobs (back-office §7). */
export const valuationRunRoutes = new Hono<AppEnv>()
  .post('/valuation/company/:company', async (c) => {
    await jsonBody(c, companyRunBody);
    const { db, valuations } = c.var.services;
    const company = companyFromPath(c);
    const { valuation, dcf, results } = runValuation(db, valuations, company);
    return c.json({
      success: true,
      data: { company: company.name, latest_year: valuation.latestYear, valuation_results: results, dcf },
      message: `${company.name} 估值完成`,
    });
  })
  .post('/valuation/auto', async (c) => {
    const body = await jsonBody(c, autoRunBody);
    const { db, valuations } = c.var.services;
    let { companies, unknown } = batchCompanies(c, body.companies);
    if (body.mode === 'unvalued') {
      const valued = codesWithResults(db, 'valuation_results');
      companies = companies.filter((company) => !valued.has(company.code));
    }
    return batch(c, 'valuation', companies, unknown, (company) => runValuation(db, valuations, company), !!body.async);
  })
  .post('/execute-script', async (c) => {
    const body = await jsonBody(c, scriptBody);
    const { db, valuations } = c.var.services;
    let { companies, unknown } = batchCompanies(c, body.company_name ? [body.company_name] : null);
    if (!body.company_name && !body.force_recalculate) {
      const analyzed = codesWithResults(db, 'fcf_ratio_results');
      companies = companies.filter((company) => !analyzed.has(company.code));
    }
    const work = (company: CompanyRecord) => runFcfRatioAnalysis(db, valuations, company);
    return batch(c, 'fcf_ratio', companies, unknown, work, !!body.async);
  })
  .post('/data/generate-sample-fcff/:company', (c) => {
    const { db, valuations } = c.var.services;
    const company = companyFromPath(c);
    runValuation(db, valuations, company);
    return c.json({ success: true, message: `已根据${company.name}的历史数据生成预测` });
  })
  .get('/jobs/:id', (c) => {
    const job = c.var.services.jobs.read(c.req.param('id'));
    if (!job) throw new ApiError(404, '任务不存在');
    return c.json({ success: true, data: job, message: job.status === 'running' ? '进行中' : '已结束' });
  });
