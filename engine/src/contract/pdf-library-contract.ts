import * as z from 'zod/mini';
import { envelope, named } from './envelope.ts';
import { displayText } from './text-fields.ts';

/** The research-PDF library: categories, files, uploads and the bytes. Reads are public, writes an admin's. */

/** A category name, in characters. */
export const PDF_CATEGORY_NAME_MAX = 50;

export const pdfCategorySchema = named(
  'PdfCategory',
  z.object({
    id: z.number(),
    name: z.string(),
    sort_order: z.number(),
    file_count: z.number().check(z.describe('分类下的文件数')),
  }),
);
export type PdfCategory = z.infer<typeof pdfCategorySchema>;

export const pdfFileSchema = named(
  'PdfFile',
  z.object({
    id: z.number(),
    filename: z.string(),
    category_id: z.nullable(z.number()).check(z.describe('null：未分类')),
    category_name: z.nullable(z.string()),
    size: z.number(),
    sha256: z.string(),
    upload_time: z.string().check(z.describe('ISO 8601')),
  }),
);
export type PdfFile = z.infer<typeof pdfFileSchema>;

export const pdfCategoriesAnswer = envelope(z.array(pdfCategorySchema));
export const pdfCategoryAnswer = envelope(pdfCategorySchema);
export const pdfFilesAnswer = envelope(z.array(pdfFileSchema));
export const pdfFileAnswer = envelope(pdfFileSchema);
export const categoryRemovedAnswer = envelope(z.object({ moved_files: z.number() }));

export const newPdfCategoryBody = z.object({
  name: displayText(
    {
      min: '分类名称不能为空',
      max: PDF_CATEGORY_NAME_MAX,
      maxMessage: `分类名称不能超过${PDF_CATEGORY_NAME_MAX}个字符`,
    },
    { error: '请输入分类名称' },
  ),
  sort_order: z.optional(z.int().check(z.minimum(0))),
});

const sortEntry = z.union([z.int().check(z.positive()), z.object({ id: z.int().check(z.positive()) })]);
/** The full ordered category array, or an object wrapping it. */
export const pdfCategorySortBody = z.union([
  z.array(sortEntry),
  z.object({ categories: z.array(sortEntry) }),
  z.object({ order: z.array(sortEntry) }),
]);

export const pdfFileCategoryBody = z.object({
  category_id: z.nullable(
    z.int({ error: '必须是分类编号或 null' }).check(z.minimum(0)).check(z.describe('0 或 null：未分类')),
  ),
});

export const pdfFilesQuery = z.object({
  category_id: z.optional(z.string().check(z.describe('-1（或不填）为全部，0 为未分类，否则为分类编号'))),
});

/** How a PDF's bytes are answered: `inline=1` to show in the browser, otherwise as a download. */
export const pdfBytesQuery = z.object({
  inline: z.optional(z.string().check(z.describe('为 1 时在浏览器中显示，否则作为附件下载'))),
  download: z.optional(z.string().check(z.describe('为 1 时作为附件下载（默认）'))),
});

/** One upload's outcome (the per-file shape of docs/requirements.md#api) beside the envelope; a failure also has `detail`. */
export const pdfUploadAnswer = z.object({
  success: z.boolean(),
  filename: z.nullable(z.string()),
  error: z.nullable(z.string()),
  data: z.optional(pdfFileSchema),
  message: z.string(),
  detail: z.optional(z.string()),
});

/** The multipart form of a PDF upload: one file in `file`. */
export const pdfUploadForm = z.object({
  file: z.file().check(z.describe('一个PDF文件，不超过 20 MB')),
});
