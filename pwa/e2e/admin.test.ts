import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, signInContext, waitForServiceWorker } from './browser.ts';
import { adminToken, expectNoSideScroll } from './page-checks.ts';

const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');
const FIXTURES = new URL('../../fixtures/163/', import.meta.url).pathname;
const MIDEA = '美的集团';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('admin');
  await page.locator('input[name="password"]').fill(adminPassword);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
}

async function serverWacc(): Promise<number | null> {
  const response = await fetch(`${baseURL}/api/admin/valuation-params/${encodeURIComponent(MIDEA)}`);
  return ((await response.json()) as { data: { wacc_data: { wacc_manual: number | null } } }).data.wacc_data
    .wacc_manual;
}

/** Another admin's edit through the REST API. */
async function adjustOnServer(body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${baseURL}/api/admin/adjust-parameters/${encodeURIComponent(MIDEA)}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await adminToken(baseURL, adminPassword)}`,
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

async function calculatedWacc(): Promise<number> {
  const response = await fetch(`${baseURL}/api/admin/valuation-params/${encodeURIComponent(MIDEA)}`);
  return ((await response.json()) as { data: { wacc_data: { wacc_calculated: number } } }).data.wacc_data
    .wacc_calculated;
}

async function serverGrowth2026(): Promise<{ value: number; source: string } | undefined> {
  const response = await fetch(`${baseURL}/api/data/financial-data/${encodeURIComponent(MIDEA)}?view_mode=manual`);
  const body = (await response.json()) as {
    data: { forecast: { year: number; operating_revenue_yoy: number; sources: { operating_revenue_yoy: string } }[] };
  };
  const row = body.data.forecast.find((entry) => entry.year === 2026);
  return row && { value: row.operating_revenue_yoy, source: row.sources.operating_revenue_yoy };
}

async function commit(page: Page, selector: string, text: string) {
  const input = page.locator(selector);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

const unsynced = (page: Page) => page.getByTestId('sync-unsynced-count').textContent();

describe('the back office', () => {
  it('refuses /admin to a visitor who is not an admin', async () => {
    const { context, page } = await newPage(browser, baseURL);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await page.goto('/admin');
    await page.waitForURL('**/login', { timeout: 10_000 });
    expect(dialogs).toContain('无权限访问，请以管理员身份登录');
    await context.close();
  });

  it('uploads statement files and runs a batch valuation', async () => {
    const { context, page } = await newPage(browser, baseURL);
    page.on('dialog', (dialog) => void dialog.accept());
    await logInAsAdmin(page);
    await page.goto('/admin/upload');
    await page.getByTestId('upload-input').setInputFiles([`${FIXTURES}lrb600298.csv`, `${FIXTURES}zcfzb600298.csv`]);
    await page.getByTestId('upload-submit').click();
    await expect
      .poll(() => page.getByTestId('upload-results').textContent(), { timeout: 20_000 })
      .toContain('全部上传成功，共 2 个文件');
    expect(await page.getByTestId('upload-results').textContent()).toContain('安琪酵母');
    await page.getByTestId('batch-valuation').click();
    await expect.poll(() => page.getByTestId('batch-result').textContent(), { timeout: 30_000 }).toMatch(/成功/);
    await context.close();
  });

  it('edits offline, syncs on reconnect, and shows a conflict with both values', async () => {
    const { context, page } = await newPage(browser, baseURL);
    page.on('dialog', (dialog) => void dialog.accept());
    await logInAsAdmin(page);
    const url = `/fcf-parameters?company=${encodeURIComponent(MIDEA)}`;
    await page.goto(url);
    await page.getByTestId('param-wacc').waitFor({ timeout: 20_000 });
    await waitForServiceWorker(page);
    await expect.poll(() => unsynced(page)).toBe('0');

    await context.setOffline(true);
    await commit(page, '[data-testid="param-wacc"]', '9');
    await commit(page, 'input[aria-label="2026E 营业收入增长率"]', '10');
    await expect.poll(() => unsynced(page)).toBe('2');
    await page.reload();
    await page.getByTestId('param-wacc').waitFor({ timeout: 20_000 });
    await expect.poll(() => unsynced(page)).toBe('2');
    expect(await page.getByTestId('param-wacc').inputValue()).toBe('9.00');
    expect(await page.locator('input[aria-label="2026E 营业收入增长率"]').inputValue()).toBe('10.00');

    // Meanwhile another admin changes the same WACC online.
    const other: BrowserContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
    await signInContext(other, baseURL, adminPassword);
    const otherPage = await other.newPage();
    otherPage.on('dialog', (dialog) => void dialog.accept());
    await otherPage.goto(url);
    await otherPage.getByTestId('param-wacc').waitFor({ timeout: 20_000 });
    await commit(otherPage, '[data-testid="param-wacc"]', '8.5');
    await expect.poll(() => serverWacc(), { timeout: 15_000 }).toBe(0.085);
    await other.close();

    await context.setOffline(false);
    await page.getByRole('button', { name: '立即同步' }).click();
    await expect.poll(() => unsynced(page), { timeout: 15_000 }).toBe('0');
    await expect.poll(() => serverGrowth2026(), { timeout: 15_000 }).toEqual({ value: 0.1, source: 'user_set' });
    const conflict = page.getByTestId('sync-conflict');
    await conflict.waitFor({ timeout: 15_000 });
    const conflictText = await conflict.textContent();
    expect(conflictText).toContain('9.00%');
    expect(conflictText).toContain('8.50%');

    await conflict.getByRole('button', { name: '保留我的' }).click();
    await expect.poll(() => serverWacc(), { timeout: 15_000 }).toBe(0.09);
    await expect.poll(() => page.getByTestId('sync-conflict').count(), { timeout: 15_000 }).toBe(0);
    await context.close();
  });

  it('resets to auto offline: the page shows the auto values at once, and the reset syncs on reconnect', async () => {
    await adjustOnServer({ year: null, parameters: { wacc_manual: 0.095 } });
    await adjustOnServer({ year: 2026, parameters: { operating_revenue_yoy: 0.12 } });
    const autoWacc = ((await calculatedWacc()) * 100).toFixed(2);
    const { context, page } = await newPage(browser, baseURL);
    page.on('dialog', (dialog) => void dialog.accept());
    await logInAsAdmin(page);
    await page.goto(`/fcf-parameters?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('param-wacc').waitFor({ timeout: 20_000 });
    await waitForServiceWorker(page);
    await expect.poll(() => page.getByTestId('param-wacc').inputValue(), { timeout: 15_000 }).toBe('9.50');
    await expect.poll(() => unsynced(page)).toBe('0');

    await context.setOffline(true);
    await page.getByRole('button', { name: '恢复自动预测' }).click();
    await expect.poll(() => unsynced(page)).toBe('1');
    await expect.poll(() => page.getByTestId('param-wacc').inputValue()).toBe(autoWacc);
    const growth = page.locator('input[aria-label="2026E 营业收入增长率"]');
    expect(await growth.getAttribute('class')).toContain('is-system');
    expect(await page.getByTestId('reset-summary').textContent()).not.toContain('✗');
    // Still queued after a reload offline; the server has not seen it.
    await page.reload();
    await page.getByTestId('param-wacc').waitFor({ timeout: 20_000 });
    await expect.poll(() => unsynced(page)).toBe('1');
    expect(await page.getByTestId('param-wacc').inputValue()).toBe(autoWacc);
    expect(await serverWacc()).toBe(0.095);

    await context.setOffline(false);
    await page.getByRole('button', { name: '立即同步' }).click();
    await expect.poll(() => unsynced(page), { timeout: 15_000 }).toBe('0');
    await expect.poll(() => serverWacc(), { timeout: 15_000 }).toBeNull();
    expect((await serverGrowth2026())?.source).toBe('system_default');
    expect(await page.getByTestId('sync-conflict').count()).toBe(0);
    expect(await page.getByTestId('param-wacc').inputValue()).toBe(autoWacc);
    await context.close();
  });

  it('marks 其他收益 non-operating with the keyboard at 390 px; offline it says so and keeps the stored mark', async () => {
    const HAIER = '600690';
    const storedMark = async () => {
      const response = await fetch(`${baseURL}/api/data/company-bundle/${HAIER}`);
      return ((await response.json()) as { data: { admin_choices?: { other_income_operating: boolean } } }).data
        .admin_choices?.other_income_operating;
    };
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await logInAsAdmin(page);
    await page.goto(`/fcf-parameters?company=${HAIER}`);
    const box = page.getByRole('checkbox', { name: '其他收益计入经营利润（政府补助、增值税返还等）' });
    await box.waitFor({ timeout: 20_000 });
    await expectNoSideScroll(page);
    // The label holds the checkbox: the line is the tap target.
    const label = await page.locator('.fp-choice__label').first().boundingBox();
    expect(label?.height).toBeGreaterThanOrEqual(44);
    expect(await box.isChecked()).toBe(true);

    await box.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => storedMark(), { timeout: 15_000 }).toBe(false);
    await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(false);
    expect(await page.getByTestId('amount-other_income').textContent()).toContain('（非经营，不计入 EBIT）');

    await context.setOffline(true);
    await box.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.locator('.cv-message--error').textContent(), { timeout: 15_000 })
      .toContain('离线时无法修改此标记');
    expect(await box.isChecked()).toBe(false);
    expect(await storedMark()).toBe(false);

    await context.setOffline(false);
    await box.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => storedMark(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });
});
