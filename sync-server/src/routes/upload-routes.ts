import { REPORT_TYPES } from '@fcf/engine';
import {
  companiesStatusAnswer,
  doneAnswer,
  fileRemovedAnswer,
  statementUploadForm,
  uploadAnswer,
  uploadedFilesAnswer,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { companyDirectoryFile } from '../config.ts';
import { transaction } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { retryLater } from '../http/retry-later.ts';
import { INGEST_ERRORS, type UnitChoice } from '../ingest/index.ts';
import { type CompanyRecord, findCompany, listCompanies } from '../store/companies.ts';
import { type ImportResult, type ParsedSource, storeParsedBatch } from '../store/import-statement-file.ts';
import { markValuationsOwed } from '../store/owed-valuations.ts';
import { removeCompany, removeUploadedFile } from '../store/removal.ts';
import { reportTypesOf } from '../store/statements.ts';
import { codesWithResults } from '../store/stored-results.ts';
import { findUploadedFile, listUploadedFiles } from '../store/uploaded-files.ts';
import { revaluationWork, runBatch } from '../valuation/valuation-runs.ts';
import { BUSY_RETRY_AFTER_SECONDS, poolFailureMessage, SERVER_BUSY_MESSAGE } from '../workers/server-pool.ts';
import type { ParsedUpload } from '../workers/tasks.ts';
import { isWorkerPoolError } from '../workers/worker-pool.ts';
import { companyFromPath } from './company-param.ts';
import {
  hasAllowedExtension,
  readUploadForm,
  type UploadedFile,
  uploadBodyLimit,
  uploadedFileName,
} from './upload-form.ts';
import { unitsNeededAnswer, uploadUnits } from './upload-units.ts';

/**
 * Recomputes and stores the valuation of companies whose data changed, a slice at a time (other requests are
 * answered between slices); a failure is reported, not thrown.
 */
export async function revalue(
  c: Context<AppEnv>,
  companies: readonly CompanyRecord[],
): Promise<{ company: string; reason: string }[]> {
  const { db, valuations } = c.var.services;
  return (await runBatch(db, companies, revaluationWork(db, valuations))).failed;
}

/** A file the pool could not take because every worker and queue place was taken. */
const BUSY_FILE = Symbol('busy');

/**
 * Parses one uploaded file on the worker pool (within the ingest limits, the pool's time and memory
 * limits). A file refused before or by the pool gets its reason; the pool being full is BUSY_FILE.
 */
async function parseUpload(
  c: Context<AppEnv>,
  file: UploadedFile,
  unit: UnitChoice | undefined,
): Promise<ParsedSource | ImportResult | typeof BUSY_FILE> {
  const { workers, config } = c.var.services;
  const filename = uploadedFileName(file);
  const { bytes } = file;
  if (!hasAllowedExtension(filename)) return { success: false, filename, error: INGEST_ERRORS.unsupportedType };
  if (!bytes) return { success: false, filename, error: INGEST_ERRORS.tooLarge };
  if (workers.full) return BUSY_FILE;
  let parsed: ParsedUpload;
  try {
    const upload = { filename, bytes, directoryFile: companyDirectoryFile(config), ...(unit ? { unit } : {}) };
    parsed = await workers.run('parseStatementUpload', upload, [bytes]);
  } catch (error) {
    if (!isWorkerPoolError(error)) throw error;
    if (error.reason === 'busy') return BUSY_FILE;
    const advice = '请精简文件后重试';
    return { success: false, filename, error: poolFailureMessage(error.reason, { work: '解析文件', advice }, config) };
  }
  return { source: { filename, size: file.size, sha256: parsed.sha256 }, outcome: parsed.outcome };
}

function isParsed(result: ParsedSource | ImportResult | typeof BUSY_FILE): result is ParsedSource {
  return typeof result === 'object' && 'outcome' in result;
}

/** Statement upload, files, company removal and the companies' status. */
export const uploadRoutes = new Hono<AppEnv>()
  .post(
    '/upload_excel',
    documented({
      tag: 'uploads',
      summary: '上传财务报表文件（Excel/CSV），导入后重新估值受影响的公司',
      description:
        '每个文件单独报告结果；全部失败时为 400（detail 列出各文件原因），服务器繁忙时为 503。' +
        '未注明金额单位的文件需在表单中给出 unit（全部文件）或 unit:<文件名>（单个文件），取值 元、万元、亿元；' +
        '缺少时为 422，units_needed 列出这些文件及建议单位，本次上传不导入任何文件。',
      form: statementUploadForm,
      answers: { 200: uploadAnswer, 400: uploadAnswer, 422: uploadAnswer, 503: uploadAnswer },
      errors: [413],
    }),
    uploadBodyLimit,
    async (c) => {
      const { db, directory, industries } = c.var.services;
      const form = await readUploadForm(c);
      const { files } = form;
      const unitOf = uploadUnits(form);
      // Every file is read before any is stored: a file that needs its unit chosen stops the whole upload.
      const parsedFiles: (ParsedSource | ImportResult | typeof BUSY_FILE)[] = [];
      let busy = false;
      for (const file of files) {
        // Once the pool is full, the files after it are not tried: the answer says to send them again.
        const parsed = busy ? BUSY_FILE : await parseUpload(c, file, unitOf(file.name));
        if (parsed === BUSY_FILE) busy = true;
        parsedFiles.push(parsed);
      }
      const needingUnits = unitsNeededAnswer(db, files, parsedFiles);
      if (needingUnits) return c.json(needingUnits, 422);
      const batch = parsedFiles.filter(isParsed);
      // The companies owe a valuation from the import on: the route values them after the last file, and a
      // server killed before that values them at its next start.
      const stored = storeParsedBatch(db, batch, {
        directory,
        industries,
        uploadedBy: c.var.user?.username ?? null,
        owesValuation: true,
      });
      const storedResults = new Map(batch.map((parsed, index) => [parsed, stored[index]]));
      const results = [];
      const affectedCodes = new Set<string>();
      for (const [index, file] of files.entries()) {
        const filename = uploadedFileName(file);
        const parsed = parsedFiles[index] ?? BUSY_FILE;
        const result = isParsed(parsed) ? storedResults.get(parsed) : parsed;
        if (result === undefined || result === BUSY_FILE) {
          results.push({ filename, success: false, error: SERVER_BUSY_MESSAGE });
          continue;
        }
        if (result.success) {
          affectedCodes.add(result.company.code);
          results.push({
            filename,
            success: true,
            error: null,
            company: result.company.name,
            report_type: result.reportTypes.join(','),
            years: result.years,
            unmapped_items: result.unrecognised,
            interim_periods: result.interimPeriods,
            warnings: result.warnings,
          });
        } else {
          results.push({ filename, success: false, error: result.error });
        }
      }
      const succeeded = results.filter((result) => result.success).length;
      if (busy && succeeded === 0) {
        // Nothing was imported: the whole upload can simply be sent again.
        return retryLater(c, 503, SERVER_BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, {
          uploaded_files: results,
          affected_companies: [],
        });
      }
      const companies = [...affectedCodes]
        .map((code) => findCompany(db, code))
        .filter((company): company is CompanyRecord => company !== undefined);
      const valuationProblems = await revalue(c, companies);
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
        ...(succeeded === 0
          ? { detail: results.map((result) => `${result.filename}：${result.error}`).join('；') }
          : {}),
      };
      return c.json(body, succeeded > 0 ? 200 : 400);
    },
  )
  .get(
    '/files',
    documented({ tag: 'uploads', summary: '已上传的报表文件', answers: { 200: uploadedFilesAnswer } }),
    (c) => c.json({ success: true, files: listUploadedFiles(c.var.services.db) }),
  )
  .delete(
    '/files/:id',
    documented({
      tag: 'uploads',
      summary: '删除一个上传文件及其导入的数据，并重新估值该公司',
      answers: { 200: fileRemovedAnswer },
    }),
    async (c) => {
      const { db } = c.var.services;
      const id = Number(c.req.param('id'));
      const file = Number.isInteger(id) ? findUploadedFile(db, id) : undefined;
      if (!file) throw new ApiError(404, '文件不存在或已删除');
      const removed = transaction(db, () => {
        markValuationsOwed(db, [file.company_code]);
        return removeUploadedFile(db, id);
      });
      const company = findCompany(db, file.company_code);
      const problems = company ? await revalue(c, [company]) : [];
      return c.json({
        success: true,
        data: { removed_values: removed, valuation_problems: problems },
        message: '文件已删除',
      });
    },
  )
  .delete(
    '/delete_company/:company',
    documented({ tag: 'uploads', summary: '删除公司的全部数据', answers: { 200: doneAnswer } }),
    (c) => {
      const { db } = c.var.services;
      const company = companyFromPath(c);
      transaction(db, () => removeCompany(db, company.code));
      return c.json({ success: true, message: `已删除公司"${company.name}"的全部数据` });
    },
  )
  .get(
    '/data/companies-status',
    documented({
      tag: 'uploads',
      summary: '各公司的数据完整度、是否已估值与已分析',
      answers: { 200: companiesStatusAnswer },
    }),
    (c) => {
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
    },
  );
