import {
  bundleOfPage,
  companyBundleAnswer,
  companyBundlesAnswer,
  companyListAnswer,
  nextAfterOfLink,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import type { CompanyRecord } from '../store/companies.ts';
import { writeRiskFreeRate } from '../store/platform-settings.ts';
import { answerOf, readData, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { marketBundleSlices } from '../valuation/market-bundles.ts';

/** GET /api/data/company-bundles: the whole market's bundles a page at a time, for "离线下载全部". */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const MIDEA = '000333';
const page = (query: string) => readData(platform, `/api/data/company-bundles${query}`, companyBundlesAnswer);

describe('GET /api/data/company-bundles', () => {
  it('pages through every company with a history, each bundle as the one-company endpoint has it', async () => {
    const listed = (await readData(platform, '/api/data/available-companies', companyListAnswer))
      .filter((company) => company.has_forecast_data)
      .map((company) => company.code);
    const seen: string[] = [];
    let after = '';
    for (let pages = 0; pages < 100; pages++) {
      const data = await page(`?limit=3${after ? `&after=${after}` : ''}`);
      expect(data.total).toBe(listed.length);
      expect(data.bundles.length).toBeLessThanOrEqual(3);
      seen.push(...data.bundles.map((bundle) => bundle.company.code));
      if (data.next === null) break;
      expect(data.next).toBe(data.bundles[data.bundles.length - 1]?.company.code);
      after = data.next;
    }
    expect(seen).toEqual(listed);
    const all = await page('?limit=1000');
    expect(all.next).toBeNull();
    for (const bundle of all.bundles) {
      const single = await readData(platform, `/api/data/company-bundle/${bundle.company.code}`, companyBundleAnswer);
      // Its industry's statistics and largest companies come once an industry, the rates once a page.
      expect(bundle.industry_comparison).not.toHaveProperty('top');
      expect(bundle.industry_comparison).not.toHaveProperty('metrics');
      expect(bundle.waccAssumptions).not.toHaveProperty('riskFreeRates');
      expect(bundleOfPage(bundle, all)).toEqual(single);
    }
    expect(Object.keys(all.industries).length).toBeGreaterThan(0);
    expect(all.risk_free_rates?.length).toBeGreaterThan(0);
    // Each item name once a page: the figures name them by index.
    expect(new Set(all.statement_items).size).toBe(all.statement_items.length);
    expect(all.bundles[0]?.statements.years).not.toEqual({});
  });

  it('carries every stored figure as the very number stored, interim reports and figures of many digits too', async () => {
    // Doubles that SQLite's JSON would round (it writes 15 significant digits), and a third quarter's report.
    transaction(platform.db, () => {
      const seq = nextChangeSeq(platform.db);
      execute(
        platform.db,
        'UPDATE statement_values SET value = value / 3 + 1e-9, change_seq = ? WHERE company_code = ?',
        seq,
        MIDEA,
      );
      execute(
        platform.db,
        `INSERT INTO statement_values (company_code, report_type, year, period, item, value, change_seq)
         VALUES (?, 'balance_sheet', 2099, 'Q3', 'current_assets_total', ?, ?)`,
        MIDEA,
        0.1 + 0.2,
        seq,
      );
    });
    // A request over the network comes in a later turn than the write, when the server reads the sequence again.
    await new Promise((resolve) => setImmediate(resolve));
    const single = await readData(platform, `/api/data/company-bundle/${MIDEA}`, companyBundleAnswer);
    expect(single.statements.interims?.['2099-09-30']?.current_assets_total).toBe(0.1 + 0.2);
    const all = await page('?limit=1000');
    const paged = all.bundles.find((bundle) => bundle.company.code === MIDEA);
    expect(paged && bundleOfPage(paged, all)).toEqual(single);
  });

  it("names the next page in a Link header, as the body's next does, and again with a 304", async () => {
    for (const path of ['/api/data/company-bundles?limit=2', '/api/data/company-bundles?limit=2&after=000333']) {
      const answer = await platform.call('GET', path);
      const link = answer.headers.get('link');
      const { data } = await answerOf(answer, companyBundlesAnswer);
      expect(data.next).not.toBeNull();
      expect(link).toBe(`</api/data/company-bundles?after=${data.next}&limit=2>; rel="next"`);
      expect(nextAfterOfLink(link)).toBe(data.next);
      const again = await platform.call('GET', path, {
        headers: { 'If-None-Match': answer.headers.get('etag') ?? '' },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('link')).toBe(link);
    }
    const last = await platform.call('GET', '/api/data/company-bundles?limit=1000');
    expect((await answerOf(last, companyBundlesAnswer)).data.next).toBeNull();
    expect(last.headers.get('link')).toBeNull();
  });

  it('after the last company: an empty last page', async () => {
    expect(await page('?after=999999')).toMatchObject({ bundles: [], next: null });
  });

  it('refuses a malformed after or limit with a 400', async () => {
    const refusals = [
      ['?after=abc', '参数错误：after 应为6位股票代码'],
      ['?limit=-1', '参数错误：limit 应为1–250的整数'],
      ['?limit=99999', '参数错误：limit 应为1–250的整数'],
      ['?after=1234567', '参数错误：after 应为6位股票代码'],
    ];
    for (const [query, message] of refusals) {
      // The field named once: the validator puts its name before the contract's words.
      const refusal = await refusalOf(await platform.call('GET', `/api/data/company-bundles${query}`), 400);
      expect(refusal.message, query).toBe(message);
    }
  });

  it('is cached with an ETag per page', async () => {
    const first = await platform.call('GET', '/api/data/company-bundles?limit=2');
    const etag = first.headers.get('etag') ?? '';
    await answerOf(first, companyBundlesAnswer);
    const again = await platform.call('GET', '/api/data/company-bundles?limit=2', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
    const other = await platform.call('GET', '/api/data/company-bundles?limit=3');
    expect(other.headers.get('etag')).not.toBe(etag);
  });
});

// Last: it edits a yield and every industry's statistics.
describe('the bundles of a page, read slice by slice (valuation/market-bundles.ts)', () => {
  it('share one read of what a page gives once, even when the data changes between slices', async () => {
    const { db } = platform;
    const companies = queryAll<CompanyRecord>(db, 'SELECT code, name, industry FROM companies ORDER BY code');
    const bundles = [];
    const versions = new Set<number>();
    for await (const slice of marketBundleSlices(db, companies)) {
      if (versions.size === 0) {
        // Between the first slice and the next: a yield edited, every industry's statistics built again.
        writeRiskFreeRate(db, { year: 2023, rate: 0.05 }, 'admin');
        execute(
          db,
          `UPDATE industry_statistics SET built_seq = built_seq + 1000,
             statistics_json = json_set(statistics_json, '$.companies', 9999)`,
        );
      }
      versions.add(slice.version);
      bundles.push(...slice.bundles);
    }
    // The page spans the change (it is answered once and not kept), yet its bundles agree on what it gives once.
    expect(versions.size).toBeGreaterThan(1);
    const [first] = bundles;
    for (const bundle of bundles) {
      expect(bundle.waccAssumptions.riskFreeRates).toEqual(first?.waccAssumptions.riskFreeRates);
    }
    const industries = new Map<string, number>();
    for (const { industry_comparison: comparison } of bundles) {
      if (!comparison) continue;
      const companiesSeen = industries.get(comparison.industry) ?? comparison.companies;
      industries.set(comparison.industry, companiesSeen);
      expect(comparison.companies, comparison.industry).toBe(companiesSeen);
    }
    expect(industries.size).toBeGreaterThan(0);
  });
});
