import { readFile } from 'node:fs/promises';
import {
  buildCompanyReport,
  buildReportPdf,
  type CompanyReport,
  isValuationError,
  REPORT_VERSION,
  reportPdfFileName,
} from '@fcf/engine';
import { Hono } from 'hono';
import { jsPDF } from 'jspdf';
import { z } from 'zod';
import { DEFAULT_FONT_PATH } from '../config.ts';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError, MESSAGES } from '../http/errors.ts';
import { COMPANY_FIELD_MAX } from '../http/text-fields.ts';
import { jsonBody } from '../http/validate.ts';
import { PDF_CONTENT_SECURITY_POLICY } from '../pdf-library/pdf-response.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';

const name = z.string().trim().max(COMPANY_FIELD_MAX, '公司名称过长');

/** The spec's PDF request (public-side §3): the company is `dataSnapshot.companyName`, else `userId`. */
const pdfRequestBody = z
  .object({
    userId: name.optional(),
    reportType: z.literal('standard', { error: 'reportType 只支持 standard' }).optional(),
    template: z.literal('default', { error: 'template 只支持 default' }).optional(),
    dataSnapshot: z
      .object({
        companyName: name.optional(),
        generatedAt: z.string().max(64).optional(),
        requestSource: z.string().max(64).optional(),
        timestamp: z.union([z.number(), z.string().max(64)]).optional(),
        version: z.string().max(64).optional(),
      })
      .optional(),
  })
  .refine((body) => Boolean(body.dataSnapshot?.companyName || body.userId), {
    message: '请先选择一家公司',
    path: ['userId'],
  });

/** The font bytes as base64, read once per path (1.3 MB; jsPDF subsets it into each PDF). */
const fonts = new Map<string, Promise<string>>();

function reportFont(path: string): Promise<string> {
  let font = fonts.get(path);
  if (!font) {
    font = readFile(path).then((bytes) => bytes.toString('base64'));
    // A missing font is not remembered: once it is in place the next request works.
    font.catch(() => fonts.delete(path));
    fonts.set(path, font);
  }
  return font;
}

function companyReport(c: { var: AppEnv['Variables'] }, company: CompanyRecord): CompanyReport {
  try {
    return buildCompanyReport(c.var.services.valuations.bundle(company));
  } catch (error) {
    if (isValuationError(error)) throw new ApiError(422, error.message, `${company.name}：${error.message}`);
    throw error;
  }
}

/** `attachment` with the Chinese name (RFC 5987) and an ASCII one for clients that cannot read it. */
export function pdfContentDisposition(company: CompanyRecord): string {
  const fallback = `${company.code || 'company'}-report.pdf`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(reportPdfFileName(company.name))}`;
}

/**
 * POST /api/pdf/generate (public-side §7): the analysis page of a company as a PDF, made by the engine's
 * report layout with jspdf from the stored data. Public, like the report it prints.
 */
export const pdfRoutes = new Hono<AppEnv>().post('/pdf/generate', async (c) => {
  const body = await jsonBody(c, pdfRequestBody);
  const named = body.dataSnapshot?.companyName || body.userId || '';
  const company = findCompany(c.var.services.db, named);
  if (!company) throw new ApiError(404, MESSAGES.companyNotFound(named));
  const report = companyReport(c, company);

  const fontPath = c.var.services.config.fontPath ?? DEFAULT_FONT_PATH;
  let fontBase64: string;
  try {
    fontBase64 = await reportFont(fontPath);
  } catch (error) {
    throw new ApiError(
      503,
      'PDF服务暂时不可用',
      `PDF字体无法读取：${error instanceof Error ? error.message : fontPath}`,
    );
  }
  const pdf = buildReportPdf({ jsPDF, fontBase64 }, report, { generatedAt: new Date(), version: REPORT_VERSION });
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': pdfContentDisposition(company),
    'Content-Security-Policy': PDF_CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-store',
  });
});
