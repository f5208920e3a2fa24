import {
  categoryRemovedAnswer,
  doneAnswer,
  newPdfCategoryBody,
  pdfBytesQuery,
  pdfCategoriesAnswer,
  pdfCategoryAnswer,
  pdfCategorySortBody,
  pdfFileAnswer,
  pdfFileCategoryBody,
  pdfFilesAnswer,
  pdfFilesQuery,
  pdfUploadAnswer,
  pdfUploadForm,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app-env.ts';
import { ApiError, errorBody } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody, queryOf } from '../http/validate.ts';
import {
  isPdfBytes,
  PDF_LIMITS,
  PDF_SIZE_LIMIT_TEXT,
  servedName,
  sha256Hex,
  storedPdfName,
} from '../pdf-library/pdf-files.ts';
import { pdfResponse } from '../pdf-library/pdf-response.ts';
import {
  deleteCategory,
  deleteFile,
  type FileFilter,
  findCategory,
  findCategoryByName,
  findFile,
  findFileByName,
  findFileBySha256,
  insertCategory,
  insertFile,
  listCategories,
  listFiles,
  type PdfFile,
  readFileBytes,
  setFileCategory,
  sortCategories,
} from '../pdf-library/pdf-store.ts';

const SERVE_PREFIX = '/api/pdf-preview/serve/';
const PDF_BYTES = {
  200: { media: 'application/pdf', description: 'PDF 文件（支持 Range、ETag）' },
  206: { media: 'application/pdf', description: '所请求的字节范围' },
  304: { media: 'application/pdf', description: '未修改' },
} as const;
const FILE_GONE = '文件不存在或已删除';
const CATEGORY_GONE = '分类不存在或已删除';

function idParam(c: Context<AppEnv>, message: string): number {
  const id = Number(c.req.param('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new ApiError(404, message);
  return id;
}

function requireFile(c: Context<AppEnv>): PdfFile {
  const file = findFile(c.var.services.db, idParam(c, FILE_GONE));
  if (!file) throw new ApiError(404, FILE_GONE);
  return file;
}

/** `category_id`: −1 (or absent) all files, 0 the uncategorised ones, otherwise that category's. */
function fileFilter(c: Context<AppEnv>, raw: string | undefined): FileFilter {
  if (raw === undefined || raw === '' || raw === '-1') return 'all';
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < -1) throw new ApiError(400, 'category_id 无效：-1 为全部，0 为未分类');
  if (id === 0) return 'uncategorized';
  if (!findCategory(c.var.services.db, id)) throw new ApiError(404, CATEGORY_GONE);
  return { categoryId: id };
}

/** One file's outcome, in the per-file shape (docs/requirements.md#api) beside the usual envelope. */
function uploadFailure(c: Context<AppEnv>, status: ContentfulStatusCode, filename: string | null, message: string) {
  return c.json({ ...errorBody(message), filename, error: message }, status);
}

const uploadBodyLimit = bodyLimit({
  maxSize: PDF_LIMITS.maxRequestBytes,
  onError: (c) => uploadFailure(c, 413, null, `文件过大：单个PDF不超过 ${PDF_SIZE_LIMIT_TEXT}`),
});

function serve(c: Context<AppEnv>, file: PdfFile | undefined): Response {
  if (!file) throw new ApiError(404, FILE_GONE);
  const { db } = c.var.services;
  const request = { header: (name: string) => c.req.header(name), inline: c.req.query('inline') === '1' };
  const response = pdfResponse(request, file, (range) => readFileBytes(db, file.id, range));
  if (!response) throw new ApiError(404, FILE_GONE);
  return response;
}

const doc = {
  categories: documented({
    tag: 'research',
    summary: '研究报告分类（含文件数）',
    answers: { 200: pdfCategoriesAnswer },
  }),
  newCategory: documented({ tag: 'research', summary: '新增分类', answers: { 201: pdfCategoryAnswer }, errors: [409] }),
  sort: documented({
    tag: 'research',
    summary: '保存分类顺序（完整的有序列表）',
    answers: { 200: pdfCategoriesAnswer },
  }),
  removeCategory: documented({
    tag: 'research',
    summary: '删除分类（其中的文件移至未分类）',
    answers: { 200: categoryRemovedAnswer },
  }),
  files: documented({ tag: 'research', summary: '研究报告文件（可按分类筛选）', answers: { 200: pdfFilesAnswer } }),
  allFiles: documented({ tag: 'research', summary: '全部研究报告文件（最新在前）', answers: { 200: pdfFilesAnswer } }),
  bytes: documented({ tag: 'research', summary: '研究报告文件内容', answers: PDF_BYTES }),
  move: documented({
    tag: 'research',
    summary: '把文件移到分类（0 或 null 为未分类）',
    answers: { 200: pdfFileAnswer },
  }),
  removeFile: documented({ tag: 'research', summary: '删除研究报告文件', answers: { 200: doneAnswer } }),
  upload: documented({
    tag: 'research',
    summary: '上传一个PDF（内容须为PDF，不超过 20 MB；内容相同的文件不重复保存）',
    form: pdfUploadForm,
    answers: { 201: pdfUploadAnswer, 400: pdfUploadAnswer },
    errors: [409, 413],
  }),
  serve: documented({ tag: 'research', summary: '按保存的文件名取研究报告内容', answers: PDF_BYTES }),
};

/**
 * Research PDFs: categories, files, upload and serving. Reads are public; every write needs an admin (the
 * access policy guards all non-GET routes).
 */
export const pdfLibraryRoutes = new Hono<AppEnv>()
  .get('/pdf-menu-categories', doc.categories, (c) =>
    c.json({ success: true, data: listCategories(c.var.services.db), message: '获取成功' }),
  )
  .post('/pdf-menu-categories', doc.newCategory, jsonBody(newPdfCategoryBody), async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.services;
    if (findCategoryByName(db, body.name)) throw new ApiError(409, `分类"${body.name}"已存在`);
    const category = insertCategory(db, body.name, body.sort_order);
    return c.json({ success: true, data: category, message: '添加成功' }, 201);
  })
  .post('/pdf-menu-categories/sort', doc.sort, jsonBody(pdfCategorySortBody), async (c) => {
    const body = c.req.valid('json');
    const entries = Array.isArray(body) ? body : 'categories' in body ? body.categories : body.order;
    const ids = entries.map((entry) => (typeof entry === 'number' ? entry : entry.id));
    if (new Set(ids).size !== ids.length) throw new ApiError(400, '排序列表中有重复的分类');
    const { db } = c.var.services;
    const missing = ids.filter((id) => !findCategory(db, id));
    if (missing.length > 0) throw new ApiError(404, `${CATEGORY_GONE}（编号 ${missing.join('、')}），请刷新后重试`);
    return c.json({ success: true, data: sortCategories(db, ids), message: '排序已保存' });
  })
  .delete('/pdf-menu-categories/:id{[0-9]+}', doc.removeCategory, (c) => {
    const { db } = c.var.services;
    const id = idParam(c, CATEGORY_GONE);
    if (!findCategory(db, id)) throw new ApiError(404, CATEGORY_GONE);
    const moved = deleteCategory(db, id);
    return c.json({
      success: true,
      data: { moved_files: moved },
      message: moved > 0 ? `分类已删除，其中 ${moved} 个文件已移至未分类` : '分类已删除',
    });
  })
  .get('/pdf-files', doc.files, queryOf(pdfFilesQuery), (c) => {
    const filter = fileFilter(c, c.req.valid('query').category_id);
    return c.json({ success: true, data: listFiles(c.var.services.db, filter), message: '获取成功' });
  })
  .get('/pdf-files/list', doc.allFiles, (c) =>
    c.json({ success: true, data: listFiles(c.var.services.db), message: '获取成功' }),
  )
  .get('/pdf-files/:id{[0-9]+}', doc.bytes, queryOf(pdfBytesQuery), (c) => serve(c, requireFile(c)))
  .put('/pdf-files/:id{[0-9]+}/category', doc.move, jsonBody(pdfFileCategoryBody), async (c) => {
    const file = requireFile(c);
    const body = c.req.valid('json');
    const { db } = c.var.services;
    const categoryId = body.category_id === 0 ? null : body.category_id;
    if (categoryId !== null && !findCategory(db, categoryId)) throw new ApiError(400, CATEGORY_GONE);
    const updated = setFileCategory(db, file.id, categoryId);
    return c.json({ success: true, data: updated, message: '分类已更新' });
  })
  .delete('/pdf-files/:id{[0-9]+}', doc.removeFile, (c) => {
    const file = requireFile(c);
    deleteFile(c.var.services.db, file.id);
    return c.json({ success: true, message: '文件已删除' });
  })
  .post('/pdf-upload', doc.upload, uploadBodyLimit, async (c) => {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody({ all: true });
    } catch {
      return uploadFailure(c, 400, null, '上传格式错误：请以 multipart/form-data 上传，字段名 file');
    }
    const field = body.file;
    const files = (Array.isArray(field) ? field : [field]).filter((value): value is File => value instanceof File);
    if (files.length === 0) return uploadFailure(c, 400, null, '请选择要上传的PDF文件（字段名 file）');
    if (files.length > 1) return uploadFailure(c, 400, null, '一次请求只能上传一个文件');
    const file = files[0] as File;
    if (file.size > PDF_LIMITS.maxFileBytes) {
      return uploadFailure(c, 413, file.name, `文件过大：单个PDF不超过 ${PDF_SIZE_LIMIT_TEXT}`);
    }
    if (file.size === 0) return uploadFailure(c, 400, file.name, '文件为空');
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!isPdfBytes(bytes)) return uploadFailure(c, 400, file.name, '不是有效的PDF文件：仅支持 PDF 格式');
    const { db } = c.var.services;
    const sha256 = sha256Hex(bytes);
    const same = findFileBySha256(db, sha256);
    if (same) return uploadFailure(c, 409, file.name, `文件已存在：与"${same.filename}"内容相同`);
    const stored = insertFile(db, {
      filename: storedPdfName(file.name),
      bytes,
      sha256,
      categoryId: null,
      uploadedBy: c.var.user?.username ?? null,
    });
    return c.json({ success: true, filename: stored.filename, error: null, data: stored, message: '上传成功' }, 201);
  })
  // The stored name, never a path: a name with a separator, a leading dot or bad escapes is a 404 here,
  // and the lookup is an exact match in the database (nothing is read from the file system).
  .get('/pdf-preview/serve/:filename{.+}', doc.serve, queryOf(pdfBytesQuery), (c) => {
    const pathname = new URL(c.req.url).pathname;
    const name = pathname.startsWith(SERVE_PREFIX) ? servedName(pathname.slice(SERVE_PREFIX.length)) : null;
    return serve(c, name ? findFileByName(c.var.services.db, name) : undefined);
  });
