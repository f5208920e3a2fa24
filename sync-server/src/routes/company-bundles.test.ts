import {
  bundleIndustriesAnswer,
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
import { marketBundleSlices, marketComparisonSlices } from '../valuation/market-bundles.ts';

/** GET /api/data/company-bundles: the whole market's bundles a page at a time, for "离线下载全部". */

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const MIDEA = '000333';
const page = (query: string) => readData(platform, `/api/data/company-bundles${query}`, companyBundlesAnswer);
const industries = () => readData(platform, '/api/data/company-bundles/industries', bundleIndustriesAnswer);
/** A request over the network comes in a later turn than a write, when the server reads the sequence again. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

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
    const given = await industries();
    expect(all.next).toBeNull();
    // By industry, then by code (JSON objects order integer-like keys first).
    const placed = Object.values(given.comparisons).flatMap((byCode) => Object.keys(byCode));
    expect(placed.sort()).toEqual([...listed].sort());
    for (const bundle of all.bundles) {
      const single = await readData(platform, `/api/data/company-bundle/${bundle.company.code}`, companyBundleAnswer);
      // 行业对比 comes apart (each industry once), the rates once a page.
      expect(bundle).not.toHaveProperty('industry_comparison');
      expect(given.comparisons[bundle.company.industry]?.[bundle.company.code]).not.toHaveProperty('top');
      expect(bundle.waccAssumptions).not.toHaveProperty('riskFreeRates');
      // Its version the earlier of its page's and the answer's, never later than the one-company bundle's.
      const again = bundleOfPage(bundle, all, given);
      expect(again?.version).toBeLessThanOrEqual(single.version);
      expect({ ...again, version: single.version }).toEqual(single);
    }
    expect(Object.keys(given.industries).length).toBeGreaterThan(0);
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
    await nextTurn();
    const single = await readData(platform, `/api/data/company-bundle/${MIDEA}`, companyBundleAnswer);
    expect(single.statements.interims?.['2099-09-30']?.current_assets_total).toBe(0.1 + 0.2);
    const all = await page('?limit=1000');
    const paged = all.bundles.find((bundle) => bundle.company.code === MIDEA);
    const again = paged && bundleOfPage(paged, all, await industries());
    expect({ ...again, version: single.version }).toEqual(single);
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

describe('what a page is kept by', () => {
  /** 美的集团's 2023 revenue as the kept page of 250 (a canonical page) and the one-company endpoint have it. */
  async function revenues() {
    const all = await page('?limit=250');
    const paged = all.bundles.find((bundle) => bundle.company.code === MIDEA);
    const single = await readData(platform, `/api/data/company-bundle/${MIDEA}`, companyBundleAnswer);
    const revenue = (years: Record<string, Record<string, number>> | undefined) => years?.['2023']?.operating_revenue;
    const pageRevenue =
      paged && bundleOfPage(paged, all, await industries())?.statements.years[2023]?.operating_revenue;
    return { page: pageRevenue, single: revenue(single.statements.years), version: paged?.version };
  }

  /** A figure of 美的集团 changed by a write that says it moves `scope`'s pages. */
  function changeRevenue(factor: number, scope: Parameters<typeof nextChangeSeq>[1]): number {
    return transaction(platform.db, () => {
      const seq = nextChangeSeq(platform.db, scope);
      execute(
        platform.db,
        `UPDATE statement_values SET value = value * ?, change_seq = ?
         WHERE company_code = ? AND year = 2023 AND item = 'operating_revenue'`,
        factor,
        seq,
        MIDEA,
      );
      return seq;
    });
  }

  it("its own companies' data: a write elsewhere keeps it, one that moves its company builds it again", async () => {
    const before = await revenues();
    expect(before.page).toBe(before.single);
    // A write that says it moves no page (here, falsely: it changes a figure) finds the page kept.
    changeRevenue(2, 'no-page');
    await nextTurn();
    const kept = await revenues();
    expect(kept.single).toBe((before.single ?? 0) * 2);
    expect(kept).toMatchObject({ page: before.page, version: before.version });
    // One that moves a company outside the page keeps it too.
    transaction(platform.db, () => nextChangeSeq(platform.db, { company: '999999' }));
    await nextTurn();
    expect(await revenues()).toMatchObject({ page: before.page, version: before.version });
    // One that moves 美的集团's data: the page again, its version that write's.
    const seq = changeRevenue(0.5, { company: MIDEA });
    await nextTurn();
    expect(await revenues()).toMatchObject({ page: before.single, single: before.single });
    expect((await page('?limit=250')).bundles.find((bundle) => bundle.company.code === MIDEA)?.version).toBe(seq);
    // One that moves every page.
    const every = transaction(platform.db, () => nextChangeSeq(platform.db));
    await nextTurn();
    expect((await revenues()).version).toBe(every);
  });

  it('the industries’ answer moves with every write: a valuation moves the whole industry’s places', async () => {
    const first = await industries();
    transaction(platform.db, () => nextChangeSeq(platform.db, 'no-page'));
    await nextTurn();
    expect((await industries()).version).toBe(first.version + 1);
  });
});

// Last: it edits a yield and every industry's statistics.
describe('the bundles of a page and the industries, read slice by slice (valuation/market-bundles.ts)', () => {
  it('share one read of what a page gives once, even when the data changes between slices', async () => {
    const { db } = platform;
    const companies = queryAll<CompanyRecord>(db, 'SELECT code, name, industry FROM companies ORDER BY code');
    const bundles = [];
    const versions = new Set<number>();
    for await (const slice of marketBundleSlices(db, companies)) {
      if (versions.size === 0) {
        // Between the first slice and the next: a yield edited, every industry's statistics built again.
        writeRiskFreeRate(db, { year: 2023, rate: 0.05 }, 'admin');
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
  });

  it('place every company of an industry against one read of its statistics, even when they change between slices', async () => {
    const { db } = platform;
    const companies = queryAll<CompanyRecord>(db, 'SELECT code, name, industry FROM companies ORDER BY code');
    const comparisons = [];
    let slices = 0;
    for await (const slice of marketComparisonSlices(db, companies, new Date(), 2)) {
      if (slices++ === 0) {
        // Between the first slice and the next: every industry's statistics built again.
        execute(
          db,
          `UPDATE industry_statistics SET built_seq = built_seq + 1000,
             statistics_json = json_set(statistics_json, '$.companies', 9999)`,
        );
      }
      comparisons.push(...slice.comparisons.map(({ comparison }) => comparison));
    }
    expect(slices).toBeGreaterThan(1);
    const industries = new Map<string, number>();
    for (const comparison of comparisons) {
      if (!comparison) continue;
      const companiesSeen = industries.get(comparison.industry) ?? comparison.companies;
      industries.set(comparison.industry, companiesSeen);
      expect(comparison.companies, comparison.industry).toBe(companiesSeen);
    }
    expect(industries.size).toBeGreaterThan(0);
  });
});
