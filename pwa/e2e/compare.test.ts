import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, waitForServiceWorker } from './browser.ts';
import { saveScreenshot } from './page-checks.ts';

/** 公司数据对比 at 390 px in real Chromium: three companies online and offline, and the address as its state. */

const THREE = ['000333', '000651', '600690'];
/** 分众传媒: a company never opened in the offline test's browser. */
const NEVER_OPENED = '002027';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The compared companies' codes, in column order, once `count` columns are shown. */
async function columnsOf(page: Page, count: number): Promise<string[]> {
  const columns = page.getByTestId('compare-column');
  await expect.poll(() => columns.count(), { timeout: 20_000 }).toBe(count);
  return columns.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-company') ?? ''));
}

const codesInAddress = (page: Page) => new URL(page.url()).searchParams.get('codes');

describe('the comparison page at 390 px', () => {
  it('compares three companies side by side, scrolling the columns inside their box, with overlaid charts', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/compare?codes=${THREE.join(',')}`);
    expect(await columnsOf(page, 3)).toEqual(THREE);
    const midea = page.locator('td[data-company="000333"]');
    const text = (await midea.allTextContents()).join(' ');
    expect(text).toContain('制造业');
    expect(text).toMatch(/\d{4}年/);
    expect(await page.locator('[data-figure="roe"] td[data-company="000651"]').textContent()).toMatch(/%\d{4}$/);
    expect(await page.getByTestId('compare-value-per-share').first().textContent()).toMatch(/元|不适用/);
    // Four charts, each with one line per company in its legend, drawn by uPlot.
    const charts = page.getByTestId('compare-chart');
    expect(await charts.count()).toBe(4);
    // A chart is drawn when it comes near the viewport (the chart queue), as the reader scrolls to it.
    await charts.first().scrollIntoViewIfNeeded();
    await charts.first().locator('canvas').waitFor({ timeout: 20_000 });
    expect(await charts.first().textContent()).toContain('海尔智家');

    const layout = await page.evaluate(() => {
      const box = document.querySelector('.compare-table')?.closest('.table-scroll');
      const label = document.querySelector('.compare-table tbody th[scope="row"]');
      return {
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        boxScrolls: box ? box.scrollWidth > box.clientWidth : false,
        sticky: label ? getComputedStyle(label).position : '',
      };
    });
    expect(layout).toEqual({ page: 0, boxScrolls: true, sticky: 'sticky' });
    await saveScreenshot(page, 'compare-mobile.png', true);
    await context.close();
  });

  it('keeps the companies in the address: remove, add with the search box, back and forward', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/company-comparison?codes=${THREE.join(',')}`);
    expect(await columnsOf(page, 3)).toEqual(THREE);
    expect(new URL(page.url()).pathname).toBe('/compare');

    await page.getByRole('button', { name: '移除格力电器' }).click();
    expect(await columnsOf(page, 2)).toEqual(['000333', '600690']);
    expect(codesInAddress(page)).toBe('000333,600690');

    const search = page.getByTestId('company-search-input');
    await search.fill('格力电器');
    await search.press('Enter');
    expect(await columnsOf(page, 3)).toEqual(['000333', '600690', '000651']);
    expect(codesInAddress(page)).toBe('000333,600690,000651');

    await page.goBack();
    expect(await columnsOf(page, 2)).toEqual(['000333', '600690']);
    await page.goBack();
    expect(await columnsOf(page, 3)).toEqual(THREE);
    await page.goForward();
    expect(await columnsOf(page, 2)).toEqual(['000333', '600690']);

    // A shared address opens the same comparison in a fresh tab.
    const shared = await context.newPage();
    await shared.goto(page.url());
    expect(await columnsOf(shared, 2)).toEqual(['000333', '600690']);
    await context.close();
  });

  it('compares offline the companies opened online, and says which ones it has no data for', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/compare?codes=${THREE.join(',')}`);
    await waitForServiceWorker(page);
    expect(await columnsOf(page, 3)).toEqual(THREE);

    await context.setOffline(true);
    await page.goto(`/compare?codes=${[...THREE, NEVER_OPENED].join(',')}`);
    expect(await columnsOf(page, 3)).toEqual(THREE);
    const unavailable = page.getByTestId('compare-unavailable');
    await unavailable.waitFor({ timeout: 20_000 });
    expect(await unavailable.textContent()).toContain('离线状态下');
    expect(await unavailable.locator(`[data-company="${NEVER_OPENED}"]`).textContent()).toContain('分众传媒');
    expect(await page.getByTestId('compare-chart').count()).toBe(4);
    await context.setOffline(false);
    await context.close();
  });
});
