import { readdirSync, readFileSync } from 'node:fs';
import { companiesStatusAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll } from '../db/query.ts';
import { readData, refusalOf } from '../testing/answers.ts';
import type { TestPlatform } from '../testing/test-platform.ts';
import {
  counts,
  type EmptyPlatform,
  FIXTURES,
  fixtureFile,
  startEmptyPlatform,
  upload,
  uploadRequest,
} from './testing/uploads.ts';

/**
 * Uploads refused or partly refused: unsupported, corrupt, oversized or unknown files, the request
 * limits and the admin guard; nothing is written for a refused file.
 */

describe('upload errors', () => {
  let empty: EmptyPlatform;
  let platform: TestPlatform;
  let token: string;

  beforeAll(async () => {
    empty = await startEmptyPlatform();
    platform = empty.platform;
    token = await platform.adminToken();
  });
  afterAll(() => empty.close());

  it('a .txt and a .pdf file fail with the reason; the other files of the request still succeed', async () => {
    const { status, body } = await upload(
      platform,
      [
        new File(['some notes'], 'notes.txt'),
        fixtureFile('lrb600298.csv'),
        new File(['%PDF-1.4 not a statement'], 'report.pdf'),
        fixtureFile('zcfzb600298.csv'),
      ],
      token,
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe('上传完成：成功 2 个，失败 2 个');
    const [txt, income, pdf, balance] = body.uploaded_files;
    for (const refused of [txt, pdf]) {
      expect(refused?.success).toBe(false);
      expect(refused?.error).toMatch(/^不支持的文件类型/);
    }
    expect(txt?.filename).toBe('notes.txt');
    expect(pdf?.filename).toBe('report.pdf');
    expect(income).toMatchObject({ success: true, error: null, company: '安琪酵母', report_type: 'income_statement' });
    expect(balance).toMatchObject({ success: true, company: '安琪酵母', report_type: 'balance_sheet' });
    expect(body.affected_companies).toEqual(['安琪酵母']);
    expect(queryAll(platform.db, 'SELECT file_name FROM uploaded_files ORDER BY id')).toEqual([
      { file_name: 'lrb600298.csv' },
      { file_name: 'zcfzb600298.csv' },
    ]);
  });

  it('strips direction controls from the recorded and answered file names', async () => {
    const named = fixtureFile('lrb600298.csv', '\u2067lrb600298\u202Evsc.csv\u2069');
    const { body } = await upload(platform, [named], token);
    expect(body.uploaded_files[0]).toMatchObject({ filename: 'lrb600298vsc.csv', success: true });
    const recorded = queryAll<{ file_name: string }>(platform.db, 'SELECT file_name FROM uploaded_files');
    expect(recorded.some((row) => /[\u202a-\u202e\u2066-\u2069]/.test(row.file_name))).toBe(false);
  });

  it('a corrupt .xlsx, an empty .csv and a file of no known company fail one by one', async () => {
    const before = counts(platform);
    const { status, body } = await upload(
      platform,
      [
        new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8])], 'broken.xlsx'),
        new File([''], 'empty.csv'),
        fixtureFile('zcfzb600298.csv', 'balance.csv'),
        fixtureFile('xjllb600298.csv'),
      ],
      token,
    );
    expect(status).toBe(200);
    const [broken, emptyCsv, nameless, cashFlow] = body.uploaded_files;
    expect(broken).toMatchObject({ filename: 'broken.xlsx', success: false });
    expect(broken?.error).toContain('Excel');
    expect(emptyCsv).toMatchObject({ filename: 'empty.csv', success: false, error: '文件为空' });
    expect(nameless).toMatchObject({ filename: 'balance.csv', success: false });
    expect(nameless?.error).toContain('无法识别公司');
    expect(cashFlow).toMatchObject({ success: true, report_type: 'cash_flow' });
    // Only the good file was recorded.
    expect(counts(platform).uploaded_files).toBe((before.uploaded_files ?? 0) + 1);
  });

  it('a file over 10 MB fails alone', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20);
    const { status, body } = await upload(
      platform,
      [new File([big], 'lrb600340.csv'), fixtureFile('lrb600795.csv')],
      token,
    );
    expect(status).toBe(200);
    expect(body.uploaded_files[0]).toMatchObject({ filename: 'lrb600340.csv', success: false });
    expect(body.uploaded_files[0]?.error).toMatch(/^文件过大/);
    expect(body.uploaded_files[1]).toMatchObject({ success: true, company: '国电电力' });
    expect(queryAll(platform.db, `SELECT 1 FROM companies WHERE code = '600340'`)).toEqual([]);
  });

  it('all files failing is a 400 with the per-file errors, and nothing is written', async () => {
    const before = counts(platform);
    const { status, body } = await upload(
      platform,
      [new File(['x'], 'a.txt'), new File([''], 'empty.csv'), new File([new Uint8Array([1, 2, 3])], 'bad.xlsx')],
      token,
    );
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.uploaded_files.map((item) => [item.filename, item.success])).toEqual([
      ['a.txt', false],
      ['empty.csv', false],
      ['bad.xlsx', false],
    ]);
    for (const item of body.uploaded_files) expect(item.error).toBeTruthy();
    // The error envelope's detail, like every other error answer: each file's reason.
    expect(body.detail).toMatch(/^a\.txt：不支持的文件类型.*；empty\.csv：.*；bad\.xlsx：/);
    expect(body.affected_companies).toEqual([]);
    expect(counts(platform)).toEqual(before);
  });

  it('no files field is a 400', async () => {
    const before = counts(platform);
    const body = await refusalOf(
      await uploadRequest(platform, [fixtureFile('lrb600298.csv')], token, 'attachment'),
      400,
    );
    expect(body.message).toContain('files');
    const json = await refusalOf(await platform.call('POST', '/api/upload_excel', { token, body: { files: [] } }), 400);
    expect(json.message).toContain('files');
    expect(counts(platform)).toEqual(before);
  });

  it('more than 200 files is a 413', async () => {
    const before = counts(platform);
    const files = Array.from({ length: 201 }, (_, index) => new File(['x'], `f${index}.csv`));
    const body = await refusalOf(await uploadRequest(platform, files, token), 413);
    expect(body.message).toContain('200');
    expect(counts(platform)).toEqual(before);
  });

  it('exactly 200 files are accepted (each answered)', async () => {
    const files = Array.from({ length: 200 }, (_, index) => new File(['x'], `f${index}.txt`));
    const { status, body } = await upload(platform, files, token);
    expect(status).toBe(400);
    expect(body.uploaded_files).toHaveLength(200);
  });

  it('needs a token (401) of an admin (403), and writes nothing without', async () => {
    const before = counts(platform);
    const anonymous = await refusalOf(await uploadRequest(platform, [fixtureFile('lrb002027.csv')]), 401);
    expect(anonymous.message).toBe('未登录或登录已过期，请重新登录');
    const userToken = await platform.userToken();
    const user = await refusalOf(await uploadRequest(platform, [fixtureFile('lrb002027.csv')], userToken), 403);
    expect(user.message).toBe('无权限访问，请以管理员身份登录');
    await refusalOf(await uploadRequest(platform, [fixtureFile('lrb002027.csv')], 'not-a-token'), 401);
    expect(counts(platform)).toEqual(before);
  });

  it('the Excel workbooks of fixtures/workbooks upload too (all four statements in one file)', async () => {
    const workbooks = new URL('workbooks/', FIXTURES);
    const names = readdirSync(workbooks).sort();
    const files = names.map((name) => new File([readFileSync(new URL(name, workbooks))], name));
    const { status, body } = await upload(platform, files, token);
    expect(status).toBe(200);
    expect(body.uploaded_files.map((item) => [item.filename, item.success, item.company])).toEqual([
      ['000333-美的集团.xlsx', true, '美的集团'],
      ['000651-格力电器.xlsx', true, '格力电器'],
      ['600690-海尔智家.xlsx', true, '海尔智家'],
    ]);
    expect(body.valuation_problems).toEqual([]);
    const afterWorkbooks = await readData(platform, '/api/data/companies-status', companiesStatusAnswer, token);
    const midea = afterWorkbooks.companies.find((company) => company.code === '000333');
    expect(midea).toMatchObject({ valued: true });
    expect(midea?.report_types).toEqual(expect.arrayContaining(['income_statement', 'balance_sheet', 'cash_flow']));
  });

  it('GET /api/files and GET /api/data/companies-status need an admin', async () => {
    for (const path of ['/api/files', '/api/data/companies-status']) {
      await refusalOf(await platform.call('GET', path), 401);
      await refusalOf(await platform.call('GET', path, { token: await platform.userToken() }), 403);
    }
  });
});
