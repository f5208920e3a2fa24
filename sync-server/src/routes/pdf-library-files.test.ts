import { readdirSync, readFileSync } from 'node:fs';
import { errorAnswer, type PdfCategory, type PdfFile, pdfUploadAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_LIMITS } from '../pdf-library/pdf-files.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { bodyOf, libraryCalls, samplePdf } from './testing/pdf-library.ts';

/**
 * The research library's files: the seeded reports, uploads (and what is refused), names, and serving
 * the bytes (ranges, ETags, inline or attachment).
 */

let platform: TestPlatform;
let admin: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
});
afterAll(() => platform.close());

const { upload, uploaded, get, categories, files } = libraryCalls(() => ({ platform, admin }));

describe('the seeded library', () => {
  it('has the sample reports with Chinese titles in two categories, one uncategorised', async () => {
    const list = await categories();
    expect(list.map((category) => [category.name, category.sort_order, category.file_count])).toEqual([
      ['行业研究', 1, 2],
      ['公司深度', 2, 1],
    ]);
    const all = await files('/list');
    expect(all.map((file) => file.filename).sort()).toEqual(
      [
        '家电行业2024年度研究报告.pdf',
        '白色家电龙头自由现金流对比.pdf',
        '电力行业资本开支周期分析.pdf',
        '自由现金流估值方法说明.pdf',
      ].sort(),
    );
    const uncategorised = await files('?category_id=0');
    expect(uncategorised.map((file) => file.filename)).toEqual(['自由现金流估值方法说明.pdf']);
    for (const file of all) {
      expect(file.size).toBeGreaterThan(1000);
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(Number.isNaN(Date.parse(file.upload_time))).toBe(false);
    }
  });

  it('lists files newest first, filtered by category (−1 all, 0 uncategorised)', async () => {
    const all = await files('?category_id=-1');
    const times = all.map((file) => Date.parse(file.upload_time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await files()).toEqual(all);
    const industry = (await categories()).find((category) => category.name === '行业研究') as PdfCategory;
    const inIndustry = await files(`?category_id=${industry.id}`);
    expect(inIndustry).toHaveLength(2);
    expect(inIndustry.every((file) => file.category_id === industry.id && file.category_name === '行业研究')).toBe(
      true,
    );
  });

  it('refuses a bad or unknown category filter', async () => {
    expect((await platform.call('GET', '/api/pdf-files?category_id=abc')).status).toBe(400);
    expect((await platform.call('GET', '/api/pdf-files?category_id=-2')).status).toBe(400);
    const unknown = await platform.call('GET', '/api/pdf-files?category_id=9999');
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown, errorAnswer)).message).toBe('分类不存在或已删除');
  });
});

describe('POST /api/pdf-upload', () => {
  it('stores a PDF with its size, SHA-256 and upload time, and serves it back byte for byte', async () => {
    const bytes = samplePdf('upload-one');
    const before = Date.now();
    const response = await upload(new Blob([bytes], { type: 'application/pdf' }), '新能源汽车行业点评.pdf');
    expect(response.status).toBe(201);
    const body = await bodyOf(response, pdfUploadAnswer);
    expect(body).toMatchObject({ success: true, filename: '新能源汽车行业点评.pdf', error: null });
    const file = body.data as PdfFile;
    expect(file).toMatchObject({ filename: '新能源汽车行业点评.pdf', category_id: null, size: bytes.length });
    expect(file.sha256).toBe(
      Buffer.from(await crypto.subtle.digest('SHA-256', bytes))
        .toString('hex')
        .toLowerCase(),
    );
    expect(Date.parse(file.upload_time)).toBeGreaterThanOrEqual(before - 1000);
    const served = await get(`/api/pdf-files/${file.id}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    expect((await files('?category_id=0')).map((item) => item.id)).toContain(file.id);
  });

  it('decides by content, not by name or type: a renamed non-PDF is refused', async () => {
    const response = await upload(new Blob(['hello'], { type: 'application/pdf' }), 'x.pdf');
    expect(response.status).toBe(400);
    const body = await bodyOf(response, pdfUploadAnswer);
    expect(body).toMatchObject({ success: false, filename: 'x.pdf' });
    expect(body.error).toContain('不是有效的PDF文件');
    expect(body.message).toBe(body.error);
    expect((await files('/list')).some((file) => file.filename === 'x.pdf')).toBe(false);
  });

  it('takes a real PDF whatever its name or declared type, under a safe stored name', async () => {
    const response = await upload(
      new Blob([samplePdf('odd-name')], { type: 'application/octet-stream' }),
      '../../报告:草稿?.txt',
    );
    expect(response.status).toBe(201);
    expect((await bodyOf(response, pdfUploadAnswer)).filename).toBe('报告_草稿_.txt.pdf');
  });

  it('refuses an empty file, a missing file field and a second file in one request', async () => {
    const empty = await upload(new Blob([]), 'empty.pdf');
    expect(empty.status).toBe(400);
    expect((await bodyOf(empty, pdfUploadAnswer)).error).toBe('文件为空');
    const wrongField = await upload(new Blob([samplePdf('field')]), 'a.pdf', admin, 'files');
    expect(wrongField.status).toBe(400);
    expect((await bodyOf(wrongField, pdfUploadAnswer)).error).toContain('字段名 file');
    const form = new FormData();
    form.append('file', new Blob([samplePdf('two-a')]), 'a.pdf');
    form.append('file', new Blob([samplePdf('two-b')]), 'b.pdf');
    const two = await platform.app.request('/api/pdf-upload', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(two.status).toBe(400);
    expect((await bodyOf(two, pdfUploadAnswer)).error).toBe('一次请求只能上传一个文件');
    const notMultipart = await platform.call('POST', '/api/pdf-upload', { token: admin, body: { file: 'x' } });
    expect(notMultipart.status).toBe(400);
  });

  it('refuses a file over the 20 MB limit with 413', async () => {
    const justOver = new Uint8Array(PDF_LIMITS.maxFileBytes + 1);
    justOver.set(samplePdf('big'));
    const response = await upload(new Blob([justOver]), 'big.pdf');
    expect(response.status).toBe(413);
    const body = await bodyOf(response, pdfUploadAnswer);
    expect(body).toMatchObject({ success: false, filename: 'big.pdf' });
    expect(body.error).toContain('20 MB');

    const farOver = new Uint8Array(PDF_LIMITS.maxRequestBytes + 1024);
    farOver.set(samplePdf('huge'));
    const refused = await upload(new Blob([farOver]), 'huge.pdf');
    expect(refused.status).toBe(413);
    expect((await bodyOf(refused, pdfUploadAnswer)).message).toContain('20 MB');
    expect(
      (await files('/list')).some((file) => file.filename.startsWith('big') || file.filename.startsWith('huge')),
    ).toBe(false);
  });

  it('refuses the same content twice (409) and numbers a reused name', async () => {
    const first = await uploaded('重复.pdf', 'dup-1');
    const again = await upload(new Blob([samplePdf('dup-1')]), '另一个名字.pdf');
    expect(again.status).toBe(409);
    expect((await bodyOf(again, pdfUploadAnswer)).error).toBe(`文件已存在：与"${first.filename}"内容相同`);
    const sameName = await uploaded('重复.pdf', 'dup-2');
    expect(sameName.filename).toBe('重复 (2).pdf');
  });
});

describe('a right-to-left override in an uploaded name', () => {
  it('is stripped: the file lists as what it is, not as "fdp.png"', async () => {
    const stored = await uploaded('report\u202Egnp.pdf', 'bidi-name');
    expect(stored.filename).toBe('reportgnp.pdf');
    expect((await files('/list')).some((file) => file.filename.includes('\u202E'))).toBe(false);
  });
});

describe('serving a stored PDF', () => {
  let file: PdfFile;
  let bytes: Uint8Array;
  const servePath = () => `/api/pdf-preview/serve/${encodeURIComponent(file.filename)}`;

  beforeAll(async () => {
    file = (await files('/list')).find((item) => item.filename === '家电行业2024年度研究报告.pdf') as PdfFile;
    bytes = new Uint8Array(await (await get(`/api/pdf-files/${file.id}`)).arrayBuffer());
  });

  it('by name and by id, as application/pdf with the UTF-8 name, an ETag and byte ranges', async () => {
    for (const path of [servePath(), `/api/pdf-files/${file.id}`]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      // Saved, not shown: an uploaded PDF's scripts must not run in the browser's own viewer.
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="research-${file.id}.pdf"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
      );
      expect(response.headers.get('content-security-policy')).toBe('sandbox');
      expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-length')).toBe(String(file.size));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const body = new Uint8Array(await response.arrayBuffer());
      expect(body.length).toBe(file.size);
      expect(new TextDecoder().decode(body.slice(0, 5))).toBe('%PDF-');
    }
    const download = await get(`/api/pdf-files/${file.id}?download=1`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; /);
    for (const path of [`${servePath()}?inline=1`, `/api/pdf-files/${file.id}?inline=1`]) {
      const inline = await get(path);
      expect(inline.headers.get('content-disposition'), path).toMatch(/^inline; /);
      expect(inline.headers.get('content-security-policy'), path).toBe('sandbox');
    }
    for (const range of ['bytes=0-9', `bytes=${file.size}-`]) {
      const partial = await get(`/api/pdf-files/${file.id}`, { Range: range });
      expect(partial.headers.get('content-security-policy'), range).toBe('sandbox');
    }
    const unchanged = await get(servePath(), { 'If-None-Match': `"${file.sha256}"` });
    expect(unchanged.headers.get('content-security-policy')).toBe('sandbox');
  });

  it('answers a range request with 206 and Content-Range', async () => {
    const response = await get(servePath(), { Range: 'bytes=100-199' });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 100-199/${file.size}`);
    expect(response.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes.slice(100, 200));

    const tail = await get(`/api/pdf-files/${file.id}`, { Range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${file.size - 10}-${file.size - 1}/${file.size}`);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(bytes.slice(file.size - 10));
  });

  it('answers an unsatisfiable range with 416, and a stale If-Range with the whole file', async () => {
    const outside = await get(servePath(), { Range: `bytes=${file.size}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${file.size}`);
    const stale = await get(servePath(), { Range: 'bytes=0-9', 'If-Range': '"not-the-etag"' });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(file.size);
    const fresh = await get(servePath(), { Range: 'bytes=0-9', 'If-Range': `"${file.sha256}"` });
    expect(fresh.status).toBe(206);
  });

  it('answers If-None-Match with the ETag by 304 and no body', async () => {
    const response = await get(servePath(), { 'If-None-Match': `"${file.sha256}"` });
    expect(response.status).toBe(304);
    expect(response.headers.get('etag')).toBe(`"${file.sha256}"`);
    expect(await response.text()).toBe('');
    expect((await get(servePath(), { 'If-None-Match': '"something-else"' })).status).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const response = await platform.app.request(servePath(), { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toBe('');
  });

  it.each([
    '/api/pdf-preview/serve/..%2F..%2Fpackage.json',
    '/api/pdf-preview/serve/%2Fetc%2Fpasswd',
    '/api/pdf-preview/serve/../../x',
    '/api/pdf-preview/serve/..%2f..%2fsync-server%2fsrc%2fapp.ts',
    '/api/pdf-preview/serve/%2e%2e%2f%2e%2e%2fpackage.json',
    '/api/pdf-preview/serve/..%5C..%5Cpackage.json',
    '/api/pdf-preview/serve/%252e%252e%252fpackage.json',
    '/api/pdf-preview/serve/package.json',
    '/api/pdf-preview/serve/%E0%A4%A',
    '/api/pdf-preview/serve/',
    '/api/pdf-preview/serve/a/b.pdf',
    '/api/pdf-files/999999',
    '/api/pdf-files/0',
  ])('%s → 404 JSON, nothing read from outside the store', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const text = await response.text();
    expect(text).not.toContain('fcf-valuation-platform');
    expect(text).not.toContain('root:');
    expect((JSON.parse(text) as { success: boolean }).success).toBe(false);
  });

  it('serves from the database only: the library code never touches the file system', () => {
    const dir = new URL('../pdf-library/', import.meta.url);
    const sources = [
      ...readdirSync(dir)
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'seed-research.ts')
        .map((name) => readFileSync(new URL(name, dir), 'utf8')),
      readFileSync(new URL('./pdf-library-routes.ts', import.meta.url), 'utf8'),
    ];
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) expect(source).not.toMatch(/from 'node:(fs|path)/);
  });

  it('a deleted file is gone from every route', async () => {
    const doomed = await uploaded('将被删除.pdf');
    const path = `/api/pdf-preview/serve/${encodeURIComponent(doomed.filename)}`;
    expect((await get(path)).status).toBe(200);
    const removed = await platform.call('DELETE', `/api/pdf-files/${doomed.id}`, { token: admin });
    expect(removed.status).toBe(200);
    expect((await get(path)).status).toBe(404);
    expect((await get(`/api/pdf-files/${doomed.id}`)).status).toBe(404);
    expect((await platform.call('DELETE', `/api/pdf-files/${doomed.id}`, { token: admin })).status).toBe(404);
    expect((await files('/list')).some((item) => item.id === doomed.id)).toBe(false);
    const bytesLeft = platform.db.prepare('SELECT count(*) AS n FROM pdf_file_data WHERE file_id = ?').all([doomed.id]);
    expect(bytesLeft).toEqual([{ n: 0 }]);
  });
});
