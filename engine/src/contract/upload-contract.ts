import * as z from 'zod/mini';
import { REPORT_TYPES } from '../statements/items.ts';
import { envelope, named } from './envelope.ts';

/** Statement uploads, the uploaded files, company removal and the companies' status (back office). */

/** One file's outcome: imported (its company, report types and years) or refused with the reason. */
export const uploadedFileResultSchema = named(
  'UploadedFileResult',
  z.object({
    filename: z.string(),
    success: z.boolean(),
    error: z.nullable(z.string()),
    company: z.optional(z.string()),
    report_type: z.optional(z.string().check(z.describe('逗号分隔的报表类型'))),
    years: z.optional(z.array(z.number())),
    unmapped_items: z.optional(
      z.array(z.string()).check(z.describe('文件中未识别（未映射到模型项目）的报表行，仅供核对，不是错误')),
    ),
    interim_periods: z.optional(
      z.array(z.string()).check(z.describe('文件中的季报期末（如 2022-09-30）：一季报、中报、三季报为年初至今数据')),
    ),
    warnings: z.optional(
      z.array(z.string()).check(z.describe('已导入但需核对之处：累计数较上一期减少、改写了已有数据等')),
    ),
  }),
);

/** The amount units an uploader may choose for a file that states none (form field `unit`). */
export const UPLOAD_UNITS = ['元', '万元', '亿元'] as const;
export type UploadUnit = (typeof UPLOAD_UNITS)[number];

/** A file whose amounts state no unit: the unit the server proposes, and why. */
export const unitNeededSchema = named(
  'UnitNeeded',
  z.object({
    filename: z.string(),
    company: z.nullable(z.string()),
    proposal: z.enum(UPLOAD_UNITS),
    reason: z
      .string()
      .check(z.describe('推断依据，如“按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元，与财务摘要一致”')),
  }),
);
export type UnitNeededEntry = z.infer<typeof unitNeededSchema>;
export type UploadedFileResult = z.infer<typeof uploadedFileResultSchema>;

const valuationProblem = z.object({ company: z.string(), reason: z.string() });

/**
 * POST /api/upload_excel: 200 when any file was imported, 400 (with `detail`) when none was, 422 (with
 * `units_needed`, nothing imported) when a file states no amount unit and none was chosen for it, 503 when
 * the server was too busy to try any.
 */
export const uploadAnswer = z.object({
  success: z.boolean(),
  uploaded_files: z.array(uploadedFileResultSchema),
  affected_companies: z.array(z.string()),
  valuation_problems: z.optional(z.array(valuationProblem)),
  units_needed: z.optional(
    z.array(unitNeededSchema).check(z.describe('未注明金额单位的文件及建议单位（422 时给出）：选择单位后重新上传')),
  ),
  message: z.string(),
  detail: z.optional(z.string()),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

export const uploadedFileSchema = named(
  'UploadedFile',
  z.object({
    id: z.number(),
    company_code: z.string(),
    company_name: z.string(),
    file_name: z.string(),
    report_type: z.string(),
    year: z.nullable(z.string().check(z.describe('年份或年份区间，如 2015-2024'))),
    size: z.number(),
    status: z.string(),
    upload_time: z.string(),
  }),
);
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadedFilesAnswer = z.object({ success: z.boolean(), files: z.array(uploadedFileSchema) });

export const fileRemovedAnswer = envelope(
  z.object({ removed_values: z.number(), valuation_problems: z.array(valuationProblem) }),
);

export const companyStatusSchema = named(
  'CompanyStatus',
  z.object({
    code: z.string(),
    name: z.string(),
    industry: z.string(),
    report_types: z.array(z.enum(REPORT_TYPES)),
    completeness: z.string().check(z.describe('已上传的报表类型数 / 4')),
    complete: z.boolean(),
    valued: z.boolean(),
    analyzed: z.boolean(),
  }),
);
export type CompanyStatus = z.infer<typeof companyStatusSchema>;

export const companiesStatusViewSchema = z.object({
  unvalued_companies: z.array(z.string()),
  unanalyzed_companies: z.array(z.string()),
  statistics: z.object({
    total_companies: z.number(),
    unvalued_count: z.number(),
    unanalyzed_count: z.number(),
    complete_count: z.number(),
  }),
  companies: z.array(companyStatusSchema),
});
export type CompaniesStatus = z.infer<typeof companiesStatusViewSchema>;
export const companiesStatusAnswer = envelope(companiesStatusViewSchema);

/**
 * The multipart form of an upload: one or more files in `files` (or `file`), and the amount unit of files
 * that state none: `unit` for every such file, `unit:<file name>` for one (that one wins).
 */
export const statementUploadForm = z.object({
  files: z
    .union([z.file(), z.array(z.file())])
    .check(z.describe('.xls / .xlsx / .csv，每个文件不超过 20 MB，一次最多 200 个')),
  unit: z.optional(
    z.enum(UPLOAD_UNITS).check(z.describe('未注明金额单位的文件按此单位读取（注明单位的文件以文件为准）')),
  ),
  'unit:<文件名>': z.optional(
    z.enum(UPLOAD_UNITS).check(z.describe('仅对该文件：其金额单位；与文件注明的单位不一致时拒绝该文件')),
  ),
});
