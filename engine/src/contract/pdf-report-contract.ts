import * as z from 'zod/mini';
import { COMPANY_FIELD_MAX } from './text-fields.ts';

/** POST /api/pdf/generate: the company is `dataSnapshot.companyName`, else `userId`. */
export const pdfReportBody = z
  .object({
    userId: z.optional(companyName()),
    reportType: z.optional(z.literal('standard', { error: 'reportType 只支持 standard' })),
    template: z.optional(z.literal('default', { error: 'template 只支持 default' })),
    dataSnapshot: z.optional(
      z.object({
        companyName: z.optional(companyName()),
        generatedAt: z.optional(z.string().check(z.maxLength(64))),
        requestSource: z.optional(z.string().check(z.maxLength(64))),
        timestamp: z.optional(z.union([z.number(), z.string().check(z.maxLength(64))])),
        version: z.optional(z.string().check(z.maxLength(64))),
      }),
    ),
  })
  .check(
    z.refine((body) => Boolean(body.dataSnapshot?.companyName || body.userId), {
      message: '请先选择一家公司',
      path: ['userId'],
    }),
  );

function companyName() {
  return z.string().check(z.trim(), z.maxLength(COMPANY_FIELD_MAX, '公司名称过长'));
}
