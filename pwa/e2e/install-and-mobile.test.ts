import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, launchProfile, MOBILE, newPage, waitForServiceWorker } from './browser.ts';

/** `UPDATE_SCREENSHOTS=1 npm test` refreshes docs/screenshots/ (docs/app.md); otherwise they go to a temp dir. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS
  ? new URL('../../docs/screenshots/', import.meta.url).pathname
  : `${mkdtempSync(join(tmpdir(), 'fcf-shots-'))}/`;
const MIDEA = encodeURIComponent('美的集团');

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function waitForReport(page: Page) {
  await page.getByTestId('dcf-value-per-share').waitFor({ timeout: 20_000 });
}

describe('installability', () => {
  it('has no installability errors', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'fcf-profile-'));
    const context = await launchProfile(profile, baseURL);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForServiceWorker(page);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = (await session.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    await session.detach();
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await fetch(`${baseURL}/manifest.webmanifest`)).json()) as {
      id: string;
      name: string;
      display: string;
      categories: string[];
      icons: { purpose?: string }[];
      screenshots: { src: string; form_factor: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest.name).toBe('自由现金流估值平台');
    expect(manifest.id).toBe('/');
    expect(manifest.categories).toEqual(['finance']);
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['搜索', '/?focus=search'],
      ['估值筛选', '/screener'],
      ['自选', '/#watchlist'],
    ]);
    expect(manifest.screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) expect((await fetch(`${baseURL}${shot.src}`)).status).toBe(200);
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
});

describe('desktop and phone layouts', () => {
  it('desktop: home and report (screenshots)', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/?company=${MIDEA}`);
    await waitForReport(page);
    await page.screenshot({ path: `${SCREENSHOTS}home-desktop.png` });
    await page.getByTestId('report-module-fcf-valuation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}report-desktop.png`, fullPage: true });
    await context.close();
  });

  it('390 × 844: mobile menu, sidebar hidden, no horizontal page scroll', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${MIDEA}`);
    await waitForReport(page);
    expect(await page.locator('.analysis__side').isVisible()).toBe(false);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await page.screenshot({ path: `${SCREENSHOTS}home-mobile.png` });

    const burger = page.locator('.site-header__burger');
    expect(await burger.isVisible()).toBe(true);
    await burger.click();
    expect(await page.locator('.site-header__menu').isVisible()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}menu-mobile.png` });
    // An outside click closes it.
    await page.mouse.click(200, 700);
    await expect.poll(() => page.locator('.site-header__menu').isVisible()).toBe(false);

    await page.getByTestId('report-module-fcf-valuation').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}report-mobile.png`, fullPage: true });
    await context.close();
  });
});
