import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, waitForReportSections } from './browser.ts';

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

async function noSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  await page.screenshot({ path: new URL(`../../docs/screenshots/${name}`, import.meta.url).pathname });
}

async function uploadSummaryOnlyCompany(): Promise<void> {
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: adminPassword }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const form = new FormData();
  form.append('files', new File([readFileSync(SUMMARY_FILE)], `${SUMMARY_ONLY}.csv`));
  const response = await fetch(`${baseURL}/api/upload_excel`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access_token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

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
    await noSideScroll(page);
    await summary.scrollIntoViewIfNeeded();
    await screenshot(page, 'report-valuation-summary-mobile.png');
    await pe.scrollIntoViewIfNeeded();
    await screenshot(page, 'report-pe-valuation-mobile.png');
    await context.close();
  });

  it('says what is missing for a summary-only company without a quote', async () => {
    await uploadSummaryOnlyCompany();
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${SUMMARY_ONLY}`);
    const summary = page.getByTestId('report-module-valuation-summary');
    await expect.poll(() => summary.textContent(), { timeout: 20_000 }).toContain('暂无行情');
    await waitForReportSections(page);
    const pe = page.getByTestId('report-module-pe-valuation');
    expect(await pe.textContent()).toContain('暂无年末行情');
    // Its industry's statistics were rebuilt when the upload answered: it is counted among its peers.
    expect(await page.getByTestId('report-module-industry-comparison').textContent()).toContain('行业中位数');
    await noSideScroll(page);
    await context.close();
  });
});
