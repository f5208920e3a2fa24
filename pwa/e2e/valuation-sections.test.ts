import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, waitForReportSections } from './browser.ts';
import { expectNoSideScroll, saveScreenshot, uploadStatementFile } from './page-checks.ts';

/** 估值与股息, 行业对比 and PE估值 on a phone, in real Chromium: a quoted company and a summary-only one. */

const MIDEA = '美的集团';
/**
 * 华能国际: only its NetEase financial summary (the market set), no quote: every missing figure says why. An
 * electricity company, so 美的集团's industry (and the report skeleton's heights) stay as the fixtures make them.
 */
const SUMMARY_ONLY = '600011';
const SUMMARY_FILE = new URL('../../../shared/data/market/summary/600011.csv', import.meta.url);

let browser: Browser;
const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('估值与股息, 行业对比 and PE估值 at 390 px', () => {
  it('shows value against price, the industry’s P/E and the multiples beside the DCF for 美的集团', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    const summary = page.getByTestId('report-module-valuation-summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('安全边际');
    await waitForReportSections(page);
    expect(await summary.textContent()).toMatch(/市盈率 P\/E[\d,.]+倍/);
    expect(await summary.textContent()).toContain('EV/EBIT');
    const industry = page.getByTestId('report-module-industry-comparison');
    expect(await industry.textContent()).toContain('市盈率 P/E');
    expect(await industry.textContent()).toMatch(/覆盖公司数/);
    const pe = page.getByTestId('report-module-pe-valuation');
    expect(await pe.textContent()).toContain('年末市盈率与市净率');
    expect(await pe.textContent()).toContain('按行业市盈率中位数');
    expect(await pe.textContent()).toContain('DCF每股价值');
    await expectNoSideScroll(page);
    await summary.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'report-valuation-summary-mobile.png');
    await pe.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'report-pe-valuation-mobile.png');
    await context.close();
  });

  it('says what is missing for a summary-only company without a quote', async () => {
    await uploadStatementFile(baseURL, adminPassword, SUMMARY_FILE, `${SUMMARY_ONLY}.csv`);
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${SUMMARY_ONLY}`);
    const summary = page.getByTestId('report-module-valuation-summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('暂无行情');
    await waitForReportSections(page);
    const pe = page.getByTestId('report-module-pe-valuation');
    expect(await pe.textContent()).toContain('暂无年末行情');
    // Its industry's statistics were rebuilt when the upload answered: it is counted among its peers.
    expect(await page.getByTestId('report-module-industry-comparison').textContent()).toContain('行业中位数');
    await expectNoSideScroll(page);
    await context.close();
  });
});
