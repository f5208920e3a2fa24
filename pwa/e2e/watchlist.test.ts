import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countStored, launchBrowser, MOBILE, newPage, signInContext, waitForServiceWorker } from './browser.ts';
import { apiLogin, apiRegister } from './page-checks.ts';

/** `UPDATE_SCREENSHOTS=1` refreshes docs/screenshots/ (docs/app.md); otherwise they go to a temp dir. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? new URL('../../docs/screenshots/', import.meta.url).pathname
  : `${mkdtempSync(join(tmpdir(), 'fcf-shots-'))}/`;
const MIDEA = '美的集团';
const MIDEA_CODE = '000333';
/** The GBK export of quotes.test.ts (prefixed and suffixed codes): uploading it again changes nothing. */
const QUOTE_FILE = new URL('./testing/quotes-gbk-2026-07-17.csv', import.meta.url).pathname;

let browser: Browser;
const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');
const username = `watcher_${Date.now().toString(36)}`;
const password = 'Watch-List-2026';
let token = '';
let user = '';

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await apiRegister(baseURL, username, password, '10.0.10.1');
  const session = await apiLogin(baseURL, username, password);
  token = session.token;
  user = JSON.stringify(session.user);
});
afterAll(async () => {
  await browser?.close();
});

/** A browser context (another device) signed in as the ordinary user. */
async function userDevice(viewport?: { width: number; height: number }) {
  const device = await newPage(browser, baseURL, viewport);
  await device.context.addInitScript(
    ([bearer, account]) => {
      localStorage.setItem('token', bearer);
      localStorage.setItem('user', account);
    },
    [token, user] as const,
  );
  return device;
}

async function serverWatchlist(): Promise<string[]> {
  const response = await fetch(`${baseURL}/api/user/watchlist`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { code: string }[] }).data.map((entry) => entry.code);
}

const star = (page: Page) => page.getByTestId('watchlist-toggle');
const watchedCodes = (page: Page) =>
  page
    .locator('[data-testid="watchlist"] li[data-company]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-company')));

async function openReport(page: Page) {
  await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
  await expect.poll(() => star(page).isEnabled(), { timeout: 20_000 }).toBe(true);
}

describe('the watchlist (自选)', () => {
  let phone: { context: BrowserContext; page: Page };

  it('an admin uploads a GBK quote file through 行情上传; 美的集团 then shows that price', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await signInContext(context, baseURL, adminPassword);
    await page.goto('/admin/quotes');
    await page.getByTestId('upload-input').setInputFiles(QUOTE_FILE);
    await page.getByTestId('upload-submit').click();
    await expect.poll(() => page.getByTestId('quote-imported').textContent(), { timeout: 20_000 }).toBe('导入 3 行');
    await expect
      .poll(() => page.getByTestId('quote-snapshots').textContent(), { timeout: 10_000 })
      .toContain('2026-07-17');
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await page.screenshot({ path: `${SCREENSHOTS}quote-upload-mobile.png`, fullPage: true });
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    await expect.poll(() => page.getByTestId('quote-price').textContent(), { timeout: 20_000 }).toBe('80.10 元');
    await context.close();
  });

  it('signed out, the star is disabled and says a login is needed', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    await expect.poll(() => star(page).textContent(), { timeout: 20_000 }).toContain('登录后可加入自选');
    expect(await star(page).isDisabled()).toBe(true);
    await context.close();
  });

  it('a company starred in one browser appears in a second one signed in as the same user, after sync', async () => {
    phone = await userDevice(MOBILE);
    await openReport(phone.page);
    const box = await star(phone.page).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    await star(phone.page).click();
    await expect.poll(() => star(phone.page).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(serverWatchlist, { timeout: 20_000 }).toEqual([MIDEA_CODE]);

    const laptop = await userDevice();
    await laptop.page.goto('/#watchlist');
    await expect.poll(() => watchedCodes(laptop.page), { timeout: 20_000 }).toEqual([MIDEA_CODE]);
    const row = laptop.page.locator(`[data-testid="watchlist"] li[data-company="${MIDEA_CODE}"]`);
    expect(await row.textContent()).toContain('80.10 元');
    // A tap opens the report.
    await row.locator('a').click();
    await expect.poll(() => new URL(laptop.page.url()).searchParams.get('company')).toBe(MIDEA);
    await laptop.context.close();

    await phone.page.goto('/#watchlist');
    await expect.poll(() => watchedCodes(phone.page), { timeout: 20_000 }).toEqual([MIDEA_CODE]);
    await phone.page.screenshot({ path: `${SCREENSHOTS}watchlist-home-mobile.png` });
  });

  it('a star toggled offline waits in the outbox and syncs on reconnect', async () => {
    const { context, page } = phone;
    await openReport(page);
    await waitForServiceWorker(page);
    await expect.poll(() => star(page).isEnabled(), { timeout: 20_000 }).toBe(true);
    await context.setOffline(true);
    await star(page).click();
    await expect.poll(() => star(page).getAttribute('aria-pressed')).toBe('false');
    expect(await countStored(page, 'clientOutbox')).toBe(1);
    // Still off after a reload offline; the server has not seen it.
    await page.reload();
    await expect.poll(() => star(page).getAttribute('aria-pressed'), { timeout: 20_000 }).toBe('false');
    expect(await serverWatchlist()).toEqual([MIDEA_CODE]);

    await context.setOffline(false);
    await expect.poll(serverWatchlist, { timeout: 20_000 }).toEqual([]);
    await expect.poll(() => countStored(page, 'clientOutbox'), { timeout: 20_000 }).toBe(0);
    await context.close();
  });
});
