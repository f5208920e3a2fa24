import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, waitForReportSections, waitForServiceWorker } from './browser.ts';
import { expectNoSideScroll, saveScreenshot } from './page-checks.ts';

/** The sections 公司基本信息, 成长能力, 抗风险能力, 敏感性分析 and the WACC tool, on a phone, in real Chromium. */

const SECTIONS = ['basic-info', 'growth', 'risk', 'industry-comparison', 'sensitivity'];
const MIDEA = '美的集团';
/** 600233 has a balance sheet and an income statement but no cash flow statement. */
const NO_CASH_FLOW = '600233';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the new report sections at 390 px', () => {
  it('shows basic info, growth, risk and the sensitivity grid for 美的集团', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    const basic = page.getByTestId('report-module-basic-info');
    await expect.poll(() => basic.textContent(), { timeout: 20_000 }).toContain('深圳主板');
    await waitForReportSections(page);
    expect(await basic.textContent()).toContain('2013-09-18');
    // Priced by the latest quote: the sample snapshot (fixtures/quotes), or a newer one another test uploaded.
    expect(await basic.textContent()).toMatch(/股价[\d,.]+ 元（\d{4}-\d{2}-\d{2}）/);
    for (const path of SECTIONS) expect(await page.getByTestId(`report-module-${path}`).count()).toBe(1);
    expect(await page.getByTestId('report-module-growth').textContent()).toContain('5年复合增长率');
    expect(await page.getByTestId('report-module-risk').textContent()).toContain('资产负债率');
    expect(await page.getByTestId('report-module-industry-comparison').textContent()).toContain('行业中位数');
    const grid = page.getByTestId('report-module-sensitivity').locator('.sensitivity-table');
    expect(await grid.count()).toBe(1);
    expect(await page.getByTestId('report-module-fcf-valuation').locator('.sensitivity-table').count()).toBe(0);
    await expectNoSideScroll(page);
    await page.getByTestId('report-module-growth').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'report-growth-mobile.png');
    await page.getByTestId('report-module-risk').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'report-risk-mobile.png');
    await page.getByTestId('report-module-industry-comparison').scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'report-industry-comparison-mobile.png');
    await context.close();
  });

  it('says what is missing for a company without a cash flow statement', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${NO_CASH_FLOW}`);
    const growth = page.getByTestId('report-module-growth');
    await expect.poll(() => growth.textContent(), { timeout: 20_000 }).toContain('复合增长率');
    await waitForReportSections(page);
    expect(await growth.textContent()).toContain('暂无盈利质量数据');
    expect(await page.getByTestId('report-module-risk').textContent()).toContain('资产负债率');
    await expectNoSideScroll(page);
    await context.close();
  });
});

describe('the WACC tool', () => {
  it('shows every component with its source and the industry β table, recomputes an edit, and works offline', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/wacc?company=${encodeURIComponent(MIDEA)}`);
    const applied = page.getByTestId('wacc-component-applied');
    await applied.waitFor({ timeout: 20_000 });
    for (const name of ['risk_free_rate', 'equity_risk_premium', 'beta', 'cost_of_debt', 'tax_rate', 'debt_weight']) {
      expect(await page.getByTestId(`wacc-component-${name}`).count()).toBe(1);
    }
    expect(await page.getByTestId('wacc-component-beta').textContent()).toContain('制造业');
    // The industry table: β and company count per 国标 industry, the company's own highlighted.
    const industries = page.getByTestId('wacc-industry-table');
    const own = industries.locator('tr[aria-current="true"]');
    await own.waitFor({ timeout: 20_000 });
    expect(await own.getAttribute('data-industry')).toBe('制造业');
    expect(await own.textContent()).toMatch(/本公司所属.*\d/);
    expect(await industries.locator('tbody tr').count()).toBeGreaterThanOrEqual(19);
    const before = await page.getByTestId('wacc-component-value').textContent();
    const beta = page.getByTestId('wacc-component-beta').locator('input');
    await beta.fill('2');
    await beta.press('Enter');
    await expect.poll(() => page.getByTestId('wacc-component-value').textContent()).not.toBe(before);
    await beta.fill('9');
    await beta.press('Enter');
    expect(await page.getByRole('alert').textContent()).toContain('行业 β须在 0 至 5 之间');
    await expectNoSideScroll(page);
    await saveScreenshot(page, 'wacc-tool-mobile.png', true);

    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('wacc-component-applied').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('wacc-component-beta').locator('input').inputValue()).not.toBe('');
    await page.getByTestId('wacc-industry-table').locator('tr[aria-current="true"]').waitFor({ timeout: 20_000 });
    await context.setOffline(false);
    await context.close();
  });

  it('opens at /wacc from its old address /wacc-tool, the company kept', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/wacc-tool?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('wacc-component-applied').waitFor({ timeout: 20_000 });
    const address = new URL(page.url());
    expect([address.pathname, address.searchParams.get('company')]).toEqual(['/wacc', MIDEA]);
    await context.close();
  });
});
