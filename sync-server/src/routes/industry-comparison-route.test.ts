import { companyBundleAnswer, industryComparisonAnswer } from '@fcf/engine/contract';
import type { IndustryStatistics } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, queryAll } from '../db/query.ts';
import { utf8Bytes } from '../ingest/testing/ingest-fixtures.ts';
import { hasStaleIndustries, readIndustryStatistics } from '../store/industry-statistics.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** 行业对比: built when data changes, read by the route (never computed over the industry per request). */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const MIDEA = encodeURIComponent('美的集团');
const comparisonOf = async (company = MIDEA) =>
  (await answerOf(await platform.call('GET', `/api/home/industry_comparison/${company}`), industryComparisonAnswer))
    .data;

async function rebuilt(): Promise<void> {
  for (let waited = 0; hasStaleIndustries(platform.db) && waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(hasStaleIndustries(platform.db)).toBe(false);
}

describe('GET /api/home/industry_comparison', () => {
  it('ranks the company in its industry with quotes’ P/E, P/B and margin of safety, as the bundle carries it', async () => {
    const data = await comparisonOf();
    expect(data.industry).toBe('制造业');
    // 美的集团, 格力电器 and 海尔智家 are all 制造业 in the sample data.
    expect(data.companies).toBeGreaterThanOrEqual(3);
    expect(data.top.map((peer) => peer.code)).toEqual(expect.arrayContaining(['000333', '000651', '600690']));
    const revenues = data.top.map((peer) => peer.revenue ?? 0);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const metric = (name: string) => data.metrics.find((entry) => entry.metric === name);
    expect(metric('roe')?.count).toBeGreaterThanOrEqual(3);
    expect(metric('roe')?.percentile).toBeGreaterThan(0);
    // The sample quotes price the sample companies at their year-end close.
    expect(metric('pe')?.value).toBeGreaterThan(0);
    expect(metric('pe')?.count).toBeGreaterThanOrEqual(2);
    expect(metric('margin_of_safety')?.median).not.toBeNull();
    const bundle = (
      await answerOf(await platform.call('GET', `/api/data/company-bundle/${MIDEA}`), companyBundleAnswer)
    ).data;
    expect(bundle.industry_comparison).toEqual(data);
  });

  it('reads the stored statistics: changing them changes the answer, deleting peers’ figures does not', async () => {
    const { db } = platform;
    const stored = readIndustryStatistics(db, '制造业') as IndustryStatistics;
    const doctored: IndustryStatistics = { ...stored, sorted: { ...stored.sorted, roe: [0.5, 0.7, 0.9] } };
    execute(
      db,
      'UPDATE industry_statistics SET statistics_json = ?, built_seq = built_seq + 1 WHERE industry = ?',
      JSON.stringify(doctored),
      '制造业',
    );
    // The peers' statements gone behind the write path's back: a route that computed would see it.
    const saved = queryAll<{ code: string }>(
      db,
      "SELECT code FROM companies WHERE industry = '制造业' AND code <> '000333'",
    );
    execute(db, "UPDATE companies SET industry = '（测试）' WHERE industry = '制造业' AND code <> '000333'");
    const roe = (await comparisonOf()).metrics.find((metric) => metric.metric === 'roe');
    expect(roe).toMatchObject({ median: 0.7, count: 3 });
    for (const { code } of saved) execute(db, "UPDATE companies SET industry = '制造业' WHERE code = ?", code);
    execute(
      db,
      'UPDATE industry_statistics SET statistics_json = ?, built_seq = built_seq + 1 WHERE industry = ?',
      JSON.stringify(stored),
      '制造业',
    );
  });

  it('a quote upload marks the industry and it is rebuilt a moment later, outside the request', async () => {
    const before = (await comparisonOf()).metrics.find((metric) => metric.metric === 'pe');
    const csv = '代码,名称,日期,收盘价(元)\n000333,美的集团,2025-03-31,150.44\n';
    const form = new FormData();
    form.append('files', new File([utf8Bytes(csv)], 'quotes-2025-03-31.csv'));
    const response = await platform.app.request('/api/upload_quotes', {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await platform.adminToken()}` },
    });
    expect(response.status).toBe(200);
    await rebuilt();
    const after = (await comparisonOf()).metrics.find((metric) => metric.metric === 'pe');
    // Twice the price, twice the P/E.
    expect(after?.value).toBeCloseTo((before?.value ?? 0) * 2, 6);
    expect(after?.percentile).toBeGreaterThanOrEqual(before?.percentile ?? 0);
  });

  it('answers 404 for an unknown company', async () => {
    const response = await platform.call('GET', `/api/home/industry_comparison/${encodeURIComponent('不存在公司')}`);
    expect(response.status).toBe(404);
  });
});
