import { REPORT_TYPES, withoutBidiControls } from '@fcf/engine';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { transaction } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError, errorBody } from '../http/errors.ts';
import { type CompanyRecord, findCompany, listCompanies } from '../store/companies.ts';
import { importStatementFile } from '../store/import-statement-file.ts';
import { removeCompany, removeUploadedFile } from '../store/removal.ts';
import { reportTypesOf } from '../store/statements.ts';
import { codesWithResults, withdrawResults } from '../store/stored-results.ts';
import { findUploadedFile, listUploadedFiles } from '../store/uploaded-files.ts';
import { runValuation } from '../valuation/valuation-runs.ts';
import { companyFromPath } from './company-param.ts';

/** Upload limits (README): per file, per request, and files per request. */
export const UPLOAD_LIMITS = {
  maxFileBytes: 10 * 1024 * 1024,
  maxRequestBytes: 100 * 1024 * 1024,
  maxFiles: 200,
  extensions: ['.xls', '.xlsx', '.csv'],
} as const;

const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_LIMITS.maxRequestBytes,
  onError: (c) => c.json(errorBody('上传内容过大：单次上传合计不超过 100 MB'), 413),
});

function hasAllowedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return UPLOAD_LIMITS.extensions.some((extension) => lower.endsWith(extension));
}

async function uploadedFiles(c: Context<AppEnv>): Promise<File[]> {
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, '上传格式错误：请以 multipart/form-data 上传，字段名 files');
  }
  const field = body.files ?? body.file;
  const files = (Array.isArray(field) ? field : [field]).filter((value): value is File => value instanceof File);
  if (files.length === 0) throw new ApiError(400, '请选择要上传的文件（字段名 files）');
  if (files.length > UPLOAD_LIMITS.maxFiles) {
    throw new ApiError(413, `一次最多上传 ${UPLOAD_LIMITS.maxFiles} 个文件`);
  }
  return files;
}

/** Recomputes and stores the valuation of companies whose data changed; a failure is reported, not thrown. */
function revalue(c: Context<AppEnv>, companies: readonly CompanyRecord[]): { company: string; reason: string }[] {
  const { db, valuations } = c.var.services;
  const problems: { company: string; reason: string }[] = [];
  for (const company of companies) {
    try {
      runValuation(db, valuations, company);
    } catch (error) {
      // A result computed from data that is gone must not stay live.
      transaction(db, () => withdrawResults(db, company.code));
      problems.push({ company: company.name, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return problems;
}

/** Statement upload, files, company removal and the companies' status (back-office §2, §7). */
export const uploadRoutes = new Hono<AppEnv>()
  .post('/upload_excel', uploadBodyLimit, async (c) => {
    const { db, directory, industries } = c.var.services;
    const user = c.var.user?.username ?? null;
    const files = await uploadedFiles(c);
    const results = [];
    const affectedCodes = new Set<string>();
    for (const file of files) {
      // A direction override in a name would make it read as something else in every list that shows it.
      const filename = withoutBidiControls(file.name);
      if (!hasAllowedExtension(filename)) {
        results.push({ filename, success: false, error: '不支持的文件类型：仅支持 .xls、.xlsx、.csv' });
        continue;
      }
      if (file.size > UPLOAD_LIMITS.maxFileBytes) {
        results.push({ filename, success: false, error: '文件过大：单个文件上限 10 MB' });
        continue;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = importStatementFile(db, filename, bytes, { directory, industries, uploadedBy: user });
      if (result.success) {
        affectedCodes.add(result.company.code);
        results.push({
          filename,
          success: true,
          error: null,
          company: result.company.name,
          report_type: result.reportTypes.join(','),
          years: result.years,
        });
      } else {
        results.push({ filename, success: false, error: result.error });
      }
    }
    const companies = [...affectedCodes]
      .map((code) => findCompany(db, code))
      .filter((company): company is CompanyRecord => company !== undefined);
    const valuationProblems = revalue(c, companies);
    const succeeded = results.filter((result) => result.success).length;
    const body = {
      success: succeeded > 0,
      uploaded_files: results,
      affected_companies: companies.map((company) => company.name),
      valuation_problems: valuationProblems,
      message:
        succeeded === results.length
          ? `全部上传成功，共 ${succeeded} 个文件`
          : `上传完成：成功 ${succeeded} 个，失败 ${results.length - succeeded} 个`,
      // An error answer carries `detail` like every other: here, each file's reason.
      ...(succeeded === 0 ? { detail: results.map((result) => `${result.filename}：${result.error}`).join('；') } : {}),
    };
    return c.json(body, succeeded > 0 ? 200 : 400);
  })
  .get('/files', (c) => c.json({ success: true, files: listUploadedFiles(c.var.services.db) }))
  .delete('/files/:id', (c) => {
    const { db } = c.var.services;
    const id = Number(c.req.param('id'));
    const file = Number.isInteger(id) ? findUploadedFile(db, id) : undefined;
    if (!file) throw new ApiError(404, '文件不存在或已删除');
    const removed = transaction(db, () => removeUploadedFile(db, id));
    const company = findCompany(db, file.company_code);
    const problems = company ? revalue(c, [company]) : [];
    return c.json({
      success: true,
      data: { removed_values: removed, valuation_problems: problems },
      message: '文件已删除',
    });
  })
  .delete('/delete_company/:company', (c) => {
    const { db } = c.var.services;
    const company = companyFromPath(c);
    transaction(db, () => removeCompany(db, company.code));
    return c.json({ success: true, message: `已删除公司"${company.name}"的全部数据` });
  })
  .get('/data/companies-status', (c) => {
    const { db } = c.var.services;
    const valued = codesWithResults(db, 'valuation_results');
    const analyzed = codesWithResults(db, 'fcf_ratio_results');
    const companies = listCompanies(db).map((company) => {
      const reportTypes = reportTypesOf(db, company.code);
      return {
        code: company.code,
        name: company.name,
        industry: company.industry,
        report_types: reportTypes,
        completeness: `${reportTypes.length}/${REPORT_TYPES.length}`,
        complete: reportTypes.length === REPORT_TYPES.length,
        valued: valued.has(company.code),
        analyzed: analyzed.has(company.code),
      };
    });
    const unvalued = companies.filter((company) => !company.valued).map((company) => company.name);
    const unanalyzed = companies.filter((company) => !company.analyzed).map((company) => company.name);
    return c.json({
      success: true,
      data: {
        unvalued_companies: unvalued,
        unanalyzed_companies: unanalyzed,
        statistics: {
          total_companies: companies.length,
          unvalued_count: unvalued.length,
          unanalyzed_count: unanalyzed.length,
          complete_count: companies.filter((company) => company.complete).length,
        },
        companies,
      },
      message: '获取成功',
    });
  });
