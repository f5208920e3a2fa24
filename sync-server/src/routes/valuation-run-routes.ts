import {
  autoRunBody,
  batchOrJobAnswer,
  companyRunAnswer,
  companyRunBody,
  doneAnswer,
  jobAnswer,
  scriptBody,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { unitOfWork } from '../db/invalidations.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { type CompanyRecord, findCompany, listCompanies } from '../store/companies.ts';
import { codesWithResults } from '../store/stored-results.ts';
import {
  type BatchOutcome,
  type BatchWork,
  runBatch,
  runFcfRatioAnalysis,
  runValuation,
  valuationWork,
} from '../valuation/valuation-runs.ts';
import { companyFromPath } from './company-param.ts';

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
  work: BatchWork,
  runAsync: boolean,
) {
  const { db, jobs, invalidations } = c.var.services;
  const withUnknown = (outcome: BatchOutcome): BatchOutcome => ({
    successful_companies: outcome.successful_companies,
    failed: [...unknown.map((company) => ({ company, reason: `未找到公司"${company}"` })), ...outcome.failed],
  });
  if (!runAsync) return c.json(batchAnswer(withUnknown(await runBatch(db, companies, work))));
  const job = { kind, total: companies.length, createdBy: c.var.user?.username ?? 'admin' };
  // The batch writes after its request answered: a unit of work of its own, made good when it ends.
  const jobId = jobs.start(job, ({ progress, signal }) =>
    unitOfWork(invalidations, async () =>
      batchAnswer(withUnknown(await runBatch(db, companies, work, { onProgress: progress, signal }))),
    ),
  );
  return c.json({ success: true, data: { job_id: jobId, total: companies.length }, message: '任务已开始' }, 202);
}

/** Valuation runs, the FCF-ratio post-analysis and jobs. */
export const valuationRunRoutes = new Hono<AppEnv>()
  .post(
    '/valuation/company/:company',
    documented({
      tag: 'runs',
      summary: '重新计算并保存一家公司的预测与估值',
      answers: { 200: companyRunAnswer },
      errors: [422],
    }),
    jsonBody(companyRunBody),
    (c) => {
      const { db, valuations } = c.var.services;
      const company = companyFromPath(c);
      const { valuation, dcf, results } = runValuation(db, valuations, company);
      return c.json({
        success: true,
        data: { company: company.name, latest_year: valuation.latestYear, valuation_results: results, dcf },
        message: `${company.name} 估值完成`,
      });
    },
  )
  .post(
    '/valuation/auto',
    documented({
      tag: 'runs',
      summary: '批量估值（全部、指定或尚未估值的公司）',
      description: '完成后回答结果；async 为 true 时立即回答任务编号（202），进度见 GET /api/jobs/{id}。',
      answers: { 200: batchOrJobAnswer, 202: batchOrJobAnswer },
    }),
    jsonBody(autoRunBody),
    (c) => {
      const body = c.req.valid('json');
      const { db, valuations } = c.var.services;
      let { companies, unknown } = batchCompanies(c, body.companies);
      if (body.mode === 'unvalued') {
        const valued = codesWithResults(db, 'valuation_results');
        companies = companies.filter((company) => !valued.has(company.code));
      }
      return batch(c, 'valuation', companies, unknown, valuationWork(db, valuations), !!body.async);
    },
  )
  .post(
    '/execute-script',
    documented({
      tag: 'runs',
      summary: 'FCF 比率分析（一家或全部尚未分析的公司）',
      description: 'async 为 true 时立即回答任务编号（202），进度见 GET /api/jobs/{id}。',
      answers: { 200: batchOrJobAnswer, 202: batchOrJobAnswer },
    }),
    jsonBody(scriptBody),
    (c) => {
      const body = c.req.valid('json');
      const { db, valuations } = c.var.services;
      let { companies, unknown } = batchCompanies(c, body.company_name ? [body.company_name] : null);
      if (!body.company_name && !body.force_recalculate) {
        const analyzed = codesWithResults(db, 'fcf_ratio_results');
        companies = companies.filter((company) => !analyzed.has(company.code));
      }
      const work: BatchWork = (company) => {
        runFcfRatioAnalysis(db, valuations, company);
        return null;
      };
      return batch(c, 'fcf_ratio', companies, unknown, work, !!body.async);
    },
  )
  .post(
    '/data/generate-sample-fcff/:company',
    documented({
      tag: 'runs',
      summary: '由历史数据生成一家公司的预测',
      answers: { 200: doneAnswer },
      errors: [422],
    }),
    (c) => {
      const { db, valuations } = c.var.services;
      const company = companyFromPath(c);
      runValuation(db, valuations, company);
      return c.json({ success: true, message: `已根据${company.name}的历史数据生成预测` });
    },
  )
  .get('/jobs/:id', documented({ tag: 'runs', summary: '批量任务的进度与结果', answers: { 200: jobAnswer } }), (c) => {
    const job = c.var.services.jobs.read(c.req.param('id'));
    if (!job) throw new ApiError(404, '任务不存在');
    return c.json({ success: true, data: job, message: job.status === 'running' ? '进行中' : '已结束' });
  });
