import {
  companyExistsAnswer,
  companyListAnswer,
  companyNamesAnswer,
  healthAnswer,
  industryBetasAnswer,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { execute } from '../db/query.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** The companies of fixtures/163 and fixtures/workbooks, with their 国标 industry (industryCoding.csv). */
const FIXTURE_COMPANIES: Record<string, { name: string; industry: string }> = {
  '000333': { name: '美的集团', industry: '制造业' },
  '000651': { name: '格力电器', industry: '制造业' },
  '002027': { name: '分众传媒', industry: '租赁和商务服务业' },
  '002202': { name: '金风科技', industry: '制造业' },
  '002236': { name: '大华股份', industry: '制造业' },
  '002352': { name: '顺丰控股', industry: '交通运输、仓储和邮政业' },
  '002677': { name: '浙江美大', industry: '制造业' },
  '003816': { name: '中国广核', industry: '电力、热力、燃气及水的生产和供应业' },
  '600027': { name: '华电国际', industry: '电力、热力、燃气及水的生产和供应业' },
  '600233': { name: '圆通速递', industry: '交通运输、仓储和邮政业' },
  '600298': { name: '安琪酵母', industry: '制造业' },
  '600340': { name: '华夏幸福', industry: '房地产业' },
  '600690': { name: '海尔智家', industry: '制造业' },
  '600795': { name: '国电电力', industry: '电力、热力、燃气及水的生产和供应业' },
  '601991': { name: '大唐发电', industry: '电力、热力、燃气及水的生产和供应业' },
};

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

/** GET `path`: a 200 JSON answer the contract's `schema` checks. */
async function read<Schema extends $ZodType<{ success: boolean }>>(path: string, schema: Schema) {
  const response = await platform.call('GET', path);
  expect(response.headers.get('content-type')).toContain('application/json');
  const body = await answerOf(response, schema);
  expect(body.success).toBe(true);
  return body;
}

describe('GET /api/data/available-companies', () => {
  it('lists every fixture company', async () => {
    const { data } = await read('/api/data/available-companies', companyListAnswer);
    expect(data.map((company) => company.code)).toEqual(Object.keys(FIXTURE_COMPANIES).sort());
    for (const company of data) {
      expect(Object.keys(company).sort()).toEqual([
        'code',
        'has_forecast_data',
        'id',
        'industry',
        'initials',
        'name',
        'pinyin',
      ]);
      expect(company.id).toBe(company.code);
      expect(company.code).toMatch(/^\d{6}$/);
      const expected = FIXTURE_COMPANIES[company.code];
      expect(company.name).toBe(expected?.name);
      expect(company.industry).toBe(expected?.industry);
      // Every fixture company has annual revenue to forecast from.
      expect(company.has_forecast_data).toBe(true);
    }
  });

  it('takes industries from industryCoding.csv (600298 → 制造业)', async () => {
    const { data } = await read('/api/data/available-companies', companyListAnswer);
    expect(data.find((company) => company.code === '600298')).toEqual({
      id: '600298',
      name: '安琪酵母',
      code: '600298',
      industry: '制造业',
      has_forecast_data: true,
      pinyin: 'anqijiaomu',
      initials: 'aqjm',
    });
  });

  it('gives one page when the client asks (offset, limit, total), each page its own cached answer', async () => {
    const all = (await read('/api/data/available-companies', companyListAnswer)).data;
    expect(all.length).toBeGreaterThan(4);
    const first = await read('/api/data/available-companies?limit=3', companyListAnswer);
    const second = await read('/api/data/available-companies?offset=3&limit=3', companyListAnswer);
    expect(first.data).toEqual(all.slice(0, 3));
    expect(second.data).toEqual(all.slice(3, 6));
    expect(first.total).toBe(all.length);
    expect(second.message).toBe(`共 ${all.length} 家公司，本页 3 家`);
    const past = await read(`/api/data/available-companies?offset=${all.length}&limit=3`, companyListAnswer);
    expect(past.data).toEqual([]);
    const firstAgain = await platform.app.request('/api/data/available-companies?limit=3');
    const whole = await platform.app.request('/api/data/available-companies');
    expect(firstAgain.headers.get('etag')).not.toBe(whole.headers.get('etag'));
  });

  it.each([
    ['limit=0x10', '参数错误：limit 应为1–1000的整数'],
    ['offset=-1', '参数错误：offset 应为非负整数'],
    ['limit=abc', '参数错误：limit 应为1–1000的整数'],
    ['limit=12345', '参数错误：limit 应为1–1000的整数'],
  ])('refuses ?%s with a 400 that names the field once and the rule', async (query, message) => {
    const response = await platform.app.request(`/api/data/available-companies?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });
});

describe('GET /api/data/companies', () => {
  it('lists the names', async () => {
    const { data } = await read('/api/data/companies', companyNamesAnswer);
    expect([...data].sort()).toEqual(
      Object.values(FIXTURE_COMPANIES)
        .map((company) => company.name)
        .sort(),
    );
    for (const name of data) expect(typeof name).toBe('string');
  });
});

describe('GET /api/data/company-exists/{company}', () => {
  it.each([
    ['安琪酵母', '600298', '安琪酵母'],
    ['600298', '600298', '安琪酵母'],
    ['2027', '002027', '分众传媒'],
    ['002027', '002027', '分众传媒'],
    ['顺丰控股', '002352', '顺丰控股'],
  ])('%s exists', async (query, code, name) => {
    const { data } = await read(`/api/data/company-exists/${encodeURIComponent(query)}`, companyExistsAnswer);
    expect(data).toEqual({ exists: true, name, code });
  });

  it.each(['不存在的公司', '999999', '60029'])('%s does not exist (still a 200 answer)', async (query) => {
    const { data } = await read(`/api/data/company-exists/${encodeURIComponent(query)}`, companyExistsAnswer);
    expect(data).toEqual({ exists: false });
  });

  it('a company listed in the market directory but never imported does not exist', async () => {
    // 600000 浦发银行 is in fullStockList.csv but has no statements in the fixtures.
    const { data } = await read('/api/data/company-exists/600000', companyExistsAnswer);
    expect(data.exists).toBe(false);
  });
});

describe('GET /api/data/health', () => {
  it('reports the database and version', async () => {
    const { data } = await read('/api/data/health', healthAnswer);
    expect(data.status).toBe('ok');
    expect(data.database).toBe('ok');
    expect(data.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(data.companies).toBe(Object.keys(FIXTURE_COMPANIES).length);
    expect(data.change_seq).toBeGreaterThan(0);
  });

  it('answers 503 without the driver’s text when the database fails: a generic message and the request id', async () => {
    platform.db.exec('ALTER TABLE companies RENAME TO companies_away');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await platform.call('GET', '/api/data/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        success: false,
        message: '数据库暂时无法连接，请稍后重试',
        detail: `请求编号 ${response.headers.get('x-request-id')}`,
      });
      // The driver's text went to the log, found by the same request id.
      expect(String(logged.mock.calls[0]?.[1])).toContain('no such table');
    } finally {
      logged.mockRestore();
      platform.db.exec('ALTER TABLE companies_away RENAME TO companies');
    }
  });
});

describe('GET /api/data/industry-betas', () => {
  it('lists the β of every 国标 industry (fixtures/industry-betas.json) with its count of companies', async () => {
    const { data } = await read('/api/data/industry-betas', industryBetasAnswer);
    expect(data.default_beta).toBe(1);
    expect(data.industries).toHaveLength(19);
    // The classification's order: A 农、林、牧、渔业 first, S 综合 last.
    expect(data.industries[0]?.industry).toBe('农、林、牧、渔业');
    expect(data.industries.at(-1)?.industry).toBe('综合');
    const counts = new Map<string, number>();
    for (const { industry } of Object.values(FIXTURE_COMPANIES)) counts.set(industry, (counts.get(industry) ?? 0) + 1);
    for (const row of data.industries) expect(row.companies).toBe(counts.get(row.industry) ?? 0);
    expect(data.industries.find((row) => row.industry === '制造业')).toEqual({
      industry: '制造业',
      beta: 1,
      default_beta: false,
      companies: 7,
    });
    expect(data.industries.find((row) => row.industry === '电力、热力、燃气及水的生产和供应业')?.beta).toBe(0.7);
  });

  it('gives an industry without a β of its own the default β', async () => {
    execute(platform.db, "DELETE FROM industry_betas WHERE industry = '房地产业'");
    const { data } = await read('/api/data/industry-betas', industryBetasAnswer);
    expect(data.industries.find((row) => row.industry === '房地产业')).toEqual({
      industry: '房地产业',
      beta: 1,
      default_beta: true,
      companies: 1,
    });
  });
});
