import { type ScreenerQuery, screen, screenerRows, valuationDate } from '@fcf/engine';
import {
  type QuoteFileResult,
  quoteAnswer,
  quoteSnapshotsAnswer,
  quoteUploadAnswer,
  quoteUploadForm,
  screenerAnswer,
  screenerQueryOf,
  screenerQuerySchema,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { retryLater } from '../http/retry-later.ts';
import { queryOf } from '../http/validate.ts';
import { INGEST_ERRORS } from '../ingest/index.ts';
import type { QuoteFileOutcome } from '../ingest/quotes/parse-quote-file.ts';
import { findDate } from '../ingest/quotes/quote-values.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { importQuotes } from '../store/import-quotes.ts';
import { latestQuote, latestQuotes, quoteSnapshots } from '../store/quotes.ts';
import { listScreenerModels } from '../store/screener-models.ts';
import { ensureScreenerModels } from '../valuation/valuation-runs.ts';
import { BUSY_RETRY_AFTER_SECONDS, poolFailureMessage, SERVER_BUSY_MESSAGE } from '../workers/server-pool.ts';
import { isWorkerPoolError } from '../workers/worker-pool.ts';
import { companyFromPath } from './company-param.ts';
import {
  hasAllowedExtension,
  readUploadForm,
  type UploadedFile,
  uploadBodyLimit,
  uploadedFileName,
} from './upload-form.ts';
import { revalue } from './upload-routes.ts';

const BUSY = Symbol('busy');

function refusedFile(filename: string, error: string): QuoteFileResult {
  return { filename, success: false, error, dates: [], imported: 0, refused: [], unknown_companies: [] };
}

/** The form's `date`, as an ISO date; a date that is not one is a 400 (nothing is imported). */
function formDate(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const date = findDate(raw);
  if (!date || raw.replace(/\s/g, '').length > 11) {
    throw new ApiError(400, `行情日期无法识别：“${raw.slice(0, 40)}”，请填写 YYYY-MM-DD`, 'date');
  }
  return date;
}

interface ImportedQuoteFile {
  readonly result: QuoteFileResult;
  /** Companies whose listed share count changed: their valuation is recomputed. */
  readonly sharesChanged: readonly string[];
  readonly companies: readonly string[];
}

/** Parses one quote file on the worker pool and stores its good rows in one transaction. */
async function importQuoteFile(
  c: Context<AppEnv>,
  file: UploadedFile,
  date: string | undefined,
): Promise<ImportedQuoteFile | typeof BUSY> {
  const { db, workers, config } = c.var.services;
  const filename = uploadedFileName(file);
  const { bytes } = file;
  const refused = (error: string) => ({ result: refusedFile(filename, error), sharesChanged: [], companies: [] });
  if (!hasAllowedExtension(filename)) return refused(INGEST_ERRORS.unsupportedType);
  if (!bytes) return refused(INGEST_ERRORS.tooLarge);
  if (workers.full) return BUSY;
  const today = new Date().toISOString().slice(0, 10);
  let outcome: QuoteFileOutcome;
  try {
    outcome = await workers.run('parseQuoteUpload', { filename, bytes, date, today }, [bytes]);
  } catch (error) {
    if (!isWorkerPoolError(error)) throw error;
    if (error.reason === 'busy') return BUSY;
    return refused(poolFailureMessage(error.reason, { work: '解析文件', advice: '请精简文件后重试' }, config));
  }
  if (!outcome.success) return refused(outcome.error);
  const { quotes, refused: refusedRows, units } = outcome.file;
  const stored = importQuotes(db, quotes, { filename, uploadedBy: c.var.user?.username ?? null });
  const unknown = new Set(stored.unknown);
  return {
    result: {
      filename,
      success: stored.imported > 0,
      error: stored.imported > 0 ? null : '没有可导入的行情行（见被拒绝的行与未知公司）',
      dates: [...new Set(quotes.filter((quote) => !unknown.has(quote.code)).map((q) => q.date))].sort(),
      imported: stored.imported,
      refused: refusedRows.map((row) => ({ row: row.row, code: row.code, reason: row.reason })),
      unknown_companies: stored.unknown,
      units,
    },
    sharesChanged: stored.sharesChanged,
    companies: stored.companies,
  };
}

/** Quote snapshots: the upload (admin) and a company's latest quote. */
export const quoteRoutes = new Hono<AppEnv>()
  .post(
    '/upload_quotes',
    documented({
      tag: 'uploads',
      summary: '上传行情快照（CSV/Excel：代码、名称、最新价/收盘价、总市值、总股本、市盈率、市净率…）',
      description:
        '按日期保存行情历史，最新一期用于估值对比与筛选。每个文件单独报告：导入行数、被拒绝的行（行号与原因）、未知公司；每个文件在一个事务中写入。全部文件都未导入时为 400。',
      form: quoteUploadForm,
      answers: { 200: quoteUploadAnswer, 400: quoteUploadAnswer, 503: quoteUploadAnswer },
      errors: [413],
    }),
    uploadBodyLimit,
    async (c) => {
      const { db } = c.var.services;
      const form = await readUploadForm(c);
      const date = formDate(form.text('date'));
      const results: QuoteFileResult[] = [];
      const affected = new Set<string>();
      const revalued = new Set<string>();
      let busy = false;
      for (const file of form.files) {
        const imported = busy ? BUSY : await importQuoteFile(c, file, date);
        if (imported === BUSY) {
          busy = true;
          results.push(refusedFile(uploadedFileName(file), SERVER_BUSY_MESSAGE));
          continue;
        }
        results.push(imported.result);
        for (const code of imported.companies) affected.add(code);
        for (const code of imported.sharesChanged) revalued.add(code);
      }
      const succeeded = results.filter((result) => result.success).length;
      if (busy && succeeded === 0) {
        return retryLater(c, 503, SERVER_BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, {
          files: results,
          affected_companies: [],
        });
      }
      // A new 总股本 is the valuation's share count: those companies' stored values are recomputed.
      const companies = [...revalued]
        .map((code) => findCompany(db, code))
        .filter((company): company is CompanyRecord => company !== undefined);
      await revalue(c, companies);
      // Quoted companies never valued yet get their screener row.
      ensureScreenerModels(db, c.var.services.valuations);
      const rows = results.reduce((sum, result) => sum + result.imported, 0);
      const body = {
        success: succeeded > 0,
        files: results,
        affected_companies: [...affected]
          .map((code) => findCompany(db, code)?.name)
          .filter((name): name is string => name !== undefined),
        message:
          succeeded > 0 ? `行情导入完成：${succeeded} 个文件，共 ${rows} 行` : '没有导入任何行情：请查看各文件的原因',
        ...(succeeded === 0
          ? { detail: results.map((result) => `${result.filename}：${result.error ?? ''}`).join('；') }
          : {}),
      };
      return c.json(body, succeeded > 0 ? 200 : 400);
    },
  )
  .get(
    '/admin/quote-snapshots',
    documented({
      tag: 'uploads',
      summary: '行情快照历史：每个行情日期的公司数与最后上传时间（新的在前）',
      answers: { 200: quoteSnapshotsAnswer },
    }),
    (c) => {
      const snapshots = quoteSnapshots(c.var.services.db);
      return c.json({ success: true, data: snapshots, message: `共 ${snapshots.length} 期行情` });
    },
  )
  .get(
    '/data/screener',
    documented({
      tag: 'companies',
      summary:
        '估值筛选：有估值且有行情的公司，按安全边际、市盈率、市净率、FCFF收益率（市场EV）、ROIC、ROE 或营收增长排序',
      description: '与应用的“估值筛选”页同一规则（引擎 screen 函数）；价格取各公司最新一期行情。',
      answers: { 200: screenerAnswer },
    }),
    queryOf(screenerQuerySchema),
    (c) => {
      let query: ScreenerQuery;
      try {
        query = screenerQueryOf(c.req.valid('query'));
      } catch (error) {
        if (error instanceof RangeError) throw new ApiError(400, `筛选参数有误：${error.message}`, error.message);
        throw error;
      }
      const { db } = c.var.services;
      const quotes = new Map(latestQuotes(db).map((quote) => [quote.company, quote]));
      const rows = screenerRows(listScreenerModels(db), quotes, valuationDate(new Date()));
      const page = screen(rows, query);
      return c.json({ success: true, data: page, message: `共 ${page.total} 家公司` });
    },
  )
  .get(
    '/data/quotes/:company',
    documented({
      tag: 'companies',
      summary: '公司最新一期行情（价格、日期、总市值、总股本、市盈率、市净率）',
      answers: { 200: quoteAnswer },
    }),
    (c) => {
      const company = companyFromPath(c);
      const quote = latestQuote(c.var.services.db, company.code);
      if (!quote) throw new ApiError(404, `暂无“${company.name}”的行情数据`, company.code);
      return c.json({ success: true, data: quote, message: '获取成功' });
    },
  );
