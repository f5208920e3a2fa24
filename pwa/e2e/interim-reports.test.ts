import { readdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage } from './browser.ts';

const SINA = new URL('../../fixtures/sina/', import.meta.url).pathname;
/**
 * The Sina files whose companies hold what the other browser tests read unchanged: 美的集团 and 格力电器 keep
 * their hand-made workbooks, 分众传媒 and 中国广核 their NetEase years, so their Sina files are left out
 * here (sync-server/src/routes/upload-units.test.ts uploads all 99 through the API).
 */
const KEPT = ['000333', '000651', '002027', '003816'];
const SINA_FILES = readdirSync(SINA)
  .filter((name) => /^\d{6}\w+\.csv$/.test(name) && !KEPT.includes(name.slice(0, 6)))
  .sort();

/**
 * A Sina sample company valued on its trailing twelve months (fixtures/sina, seeded as `npm start` does):
 * 海螺水泥, whose latest report is its 2023 一季报, at 390 px in real Chromium.
 */

const CONCH = '海螺水泥';

let browser: Browser;
const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a report on the trailing twelve months', () => {
  it('reads 基于 2023 一季报 (TTM) and switches profitability to the latest 8 quarters by keyboard', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${encodeURIComponent(CONCH)}`);
    const badge = page.getByTestId('data-date').first();
    await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toContain('基于 2023 一季报 (TTM)');

    const section = page.getByTestId('report-module-profitability');
    await section.scrollIntoViewIfNeeded();
    const headers = () => section.locator('table thead th').allTextContents();
    await expect.poll(async () => (await headers()).at(-1), { timeout: 20_000 }).toBe('TTM');

    const quarterly = section.getByRole('button', { name: '按单季度' });
    await quarterly.focus();
    await page.keyboard.press('Enter');
    expect(await quarterly.getAttribute('aria-pressed')).toBe('true');
    const columns = (await headers()).slice(1);
    expect(columns).toHaveLength(8);
    expect(columns).toEqual(['2021Q2', '2021Q3', '2021Q4', '2022Q1', '2022Q2', '2022Q3', '2022Q4', '2023Q1']);
    expect(await section.textContent()).toContain('单季营业收入');
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await context.close();
  });
});

describe('uploading the Sina exports through the page', () => {
  it('lists the files that state no unit with a proposal, and imports them all once 万元 is confirmed for the batch', async () => {
    expect(SINA_FILES).toHaveLength(87);
    const { context, page } = await newPage(browser, baseURL);
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill(adminPassword);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await page.goto('/admin/upload');
    await page.getByTestId('upload-input').setInputFiles(SINA_FILES.map((name) => `${SINA}${name}`));
    await page.getByTestId('upload-submit').click();
    const confirm = page.getByTestId('unit-confirm');
    await confirm.waitFor({ timeout: 60_000 });
    expect(await confirm.locator('.unit-confirm__file').count()).toBe(87);
    expect(await confirm.textContent()).toContain('按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元');
    expect(await confirm.getByLabel('全部文件的金额单位').inputValue()).toBe('万元');
    await page.getByTestId('unit-confirm-submit').click();
    await expect
      .poll(() => page.getByTestId('upload-results').textContent(), { timeout: 120_000 })
      .toContain('全部上传成功，共 87 个文件');
    await context.close();
  });
});
