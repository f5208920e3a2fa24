import { isValuationError, valuationDate } from '@fcf/engine';
import { pdfReportBody } from '@fcf/engine/contract';
import { reportPdfFileName } from '@fcf/engine/pdf';
import { buildCompanyReport, type CompanyReport } from '@fcf/engine/report';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { DEFAULT_FONT_PATH } from '../config.ts';
import { clientAddress } from '../http/client-address.ts';
import { ApiError, MESSAGES } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { retryLater } from '../http/retry-later.ts';
import { jsonBody } from '../http/validate.ts';
import { PDF_CONTENT_SECURITY_POLICY } from '../pdf-library/pdf-response.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { latestQuote } from '../store/quotes.ts';
import { takeRateLimitSlot } from '../store/rate-limits.ts';
import { BUSY_RETRY_AFTER_SECONDS, poolFailureMessage } from '../workers/server-pool.ts';
import type { FontUnavailable } from '../workers/tasks.ts';
import { isWorkerPoolError } from '../workers/worker-pool.ts';

const PDF_UNAVAILABLE = 'PDF服务暂时不可用';

function companyReport(c: { var: AppEnv['Variables'] }, company: CompanyRecord): CompanyReport {
  try {
    const { db, valuations } = c.var.services;
    const quote = latestQuote(db, company.code) ?? null;
    // The valuation and the quote's age are both of today in China.
    return buildCompanyReport(valuations.bundle(company), { quote, today: valuationDate(new Date()) });
  } catch (error) {
    if (isValuationError(error)) throw new ApiError(422, error.message, `${company.name}：${error.message}`);
    throw error;
  }
}

/** `attachment` with the Chinese name (RFC 5987) and an ASCII one for clients that cannot read it. */
function pdfContentDisposition(company: CompanyRecord): string {
  const fallback = `${company.code || 'company'}-report.pdf`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(reportPdfFileName(company.name))}`;
}

const pdfDoc = documented({
  tag: 'pdf',
  summary: '生成公司分析报告PDF（与分析页相同的内容）',
  description: '公开；每个地址每分钟有次数上限（超出为 429）。',
  answers: { 200: { media: 'application/pdf', description: 'PDF 文件（附件，文件名含公司名称）' } },
  errors: [404, 422, 429, 503],
});

/**
 * POST /api/pdf/generate: the analysis page of a company as a PDF, made by the engine's
 * report layout with jspdf from the stored data. Public, like the report it prints, so each address may
 * have `pdfPerMinute` made a minute (429 beyond). The report is read here; the drawing (a quarter of a
 * second of CPU) runs on the worker pool, so other requests are answered meanwhile (503 when it is full).
 */
export const pdfRoutes = new Hono<AppEnv>().post('/pdf/generate', pdfDoc, jsonBody(pdfReportBody), async (c) => {
  const { db, config, workers } = c.var.services;
  const body = c.req.valid('json');
  const named = body.dataSnapshot?.companyName || body.userId || '';
  const company = findCompany(db, named);
  if (!company) throw new ApiError(404, MESSAGES.companyNotFound(named));

  const rule = { bucket: 'pdf', limit: config.pdfPerMinute, windowMs: 60_000 };
  const slot = takeRateLimitSlot(db, rule, clientAddress(c));
  if (!slot.allowed) {
    const message = `生成PDF过于频繁：每个地址每分钟最多 ${rule.limit} 份，请 ${slot.retryAfterSeconds} 秒后再试`;
    return retryLater(c, 429, message, slot.retryAfterSeconds);
  }

  const report = companyReport(c, company);
  let pdf: ArrayBuffer | FontUnavailable;
  try {
    pdf = await workers.run('renderReportPdf', {
      report,
      fontFile: config.fontPath ?? DEFAULT_FONT_PATH,
      generatedAt: Date.now(),
    });
  } catch (error) {
    if (!isWorkerPoolError(error)) throw error;
    const message = poolFailureMessage(error.reason, { work: '生成PDF', advice: '请稍后重试' }, config);
    return retryLater(c, 503, message, BUSY_RETRY_AFTER_SECONDS);
  }
  if (!(pdf instanceof ArrayBuffer))
    throw new ApiError(503, PDF_UNAVAILABLE, `PDF字体无法读取：${pdf.fontUnavailable}`);
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': pdfContentDisposition(company),
    'Content-Security-Policy': PDF_CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-store',
  });
});
