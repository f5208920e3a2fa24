import { readdirSync, readFileSync } from 'node:fs';
import { uploadAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conforming } from '../testing/answers.ts';
import { counts, type EmptyPlatform, FIXTURES, fixtureFile, startEmptyPlatform } from './testing/uploads.ts';
import { UNITS_NEEDED_MESSAGE } from './upload-units.ts';

const MAOTAI = ['600519balancesheet.csv', '600519cashflow.csv', '600519profitstatement.csv'];

function sinaFile(name: string): File {
  return new File([readFileSync(new URL(`sina/${name}`, FIXTURES))], name);
}

/** POST /api/upload_excel with the files and text fields. */
async function post(empty: EmptyPlatform, files: readonly File[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers = { Authorization: `Bearer ${token}` };
  const response = await empty.platform.app.request('/api/upload_excel', { method: 'POST', body: form, headers });
  const json = await response.json();
  return { status: response.status, json };
}

let empty: EmptyPlatform;
let token: string;
beforeAll(async () => {
  empty = await startEmptyPlatform();
  token = await empty.platform.adminToken();
});
afterAll(() => empty.close());

describe('files that state no amount unit', () => {
  it('are answered 422 naming each with a proposed unit and why; nothing of the request is imported', async () => {
    const before = counts(empty.platform);
    const { status, json } = await post(empty, [...MAOTAI.map(sinaFile), fixtureFile('lrb600298.csv')]);
    expect(status).toBe(422);
    const body = conforming(uploadAnswer, json, 'upload answer');
    expect(body.message).toBe(UNITS_NEEDED_MESSAGE);
    expect(body.units_needed).toEqual([
      {
        filename: '600519balancesheet.csv',
        company: '贵州茅台',
        proposal: '万元',
        reason: '按数值推断为万元：资产总计 25,436,480.5 → 2,544 亿元（暂无可核对的已有数据）',
      },
      {
        filename: '600519cashflow.csv',
        company: '贵州茅台',
        proposal: '万元',
        reason: '按数值推断为万元：经营活动产生的现金流量净额 3,669,859.58 → 367 亿元（暂无可核对的已有数据）',
      },
      {
        filename: '600519profitstatement.csv',
        company: '贵州茅台',
        proposal: '万元',
        reason: '按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元（暂无可核对的已有数据）',
      },
    ]);
    expect(body.uploaded_files.map((file) => file.success)).toEqual([false, false, false, false]);
    expect(counts(empty.platform)).toEqual(before);
  });

  it('import with the unit chosen once for the batch; a file that states its own keeps it', async () => {
    const { status, json } = await post(empty, [...MAOTAI.map(sinaFile), fixtureFile('lrb600298.csv')], {
      unit: '万元',
    });
    expect(status).toBe(200);
    const body = conforming(uploadAnswer, json, 'upload answer');
    expect(body.uploaded_files.map((file) => [file.filename, file.success, file.error])).toEqual([
      ...MAOTAI.map((name) => [name, true, null]),
      ['lrb600298.csv', true, null],
    ]);
    expect(body.uploaded_files[2]?.interim_periods).toContain('2022-09-30');
    expect(body.affected_companies).toEqual(['贵州茅台', '安琪酵母']);
  });

  it('take a unit per file by name; one that contradicts the file is refused, the others import', async () => {
    const { status, json } = await post(empty, [sinaFile('600585profitstatement.csv'), fixtureFile('lrb600298.csv')], {
      'unit:600585profitstatement.csv': '万元',
      'unit:lrb600298.csv': '元',
    });
    expect(status).toBe(200);
    const body = conforming(uploadAnswer, json, 'upload answer');
    expect(body.uploaded_files.map((file) => file.error)).toEqual([
      null,
      '文件注明的金额单位为万元，与所选单位元不一致：请核对后重新上传（注明单位的文件无需选择单位）',
    ]);
  });

  it('refuse a unit that is none of 元, 万元, 亿元 before reading any file', async () => {
    const before = counts(empty.platform);
    const { status, json } = await post(empty, [sinaFile('600519profitstatement.csv')], { unit: '千元' });
    expect(status).toBe(400);
    expect((json as { message: string }).message).toBe('金额单位只能是 元、万元、亿元（字段 unit 或 unit:<文件名>）');
    expect(counts(empty.platform)).toEqual(before);
  });
});

describe('the Sina exports of all 33 companies through the API', () => {
  it('import with unit=万元, the bank among them, each with its interim periods', async () => {
    const names = readdirSync(new URL('sina/', FIXTURES))
      .filter((name) => /^\d{6}\w+\.csv$/.test(name))
      .sort();
    expect(names).toHaveLength(99);
    const { status, json } = await post(empty, names.map(sinaFile), { unit: '万元' });
    expect(status).toBe(200);
    const body = conforming(uploadAnswer, json, 'upload answer');
    expect(body.uploaded_files.filter((file) => !file.success)).toEqual([]);
    expect(body.affected_companies).toHaveLength(33);
    expect(body.affected_companies).toContain('工商银行');
    for (const file of body.uploaded_files) expect(file.interim_periods?.length, file.filename).toBeGreaterThan(0);
  }, 120_000);
});
