import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatAmount } from '@fcf/engine/report';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, waitForServiceWorker } from './browser.ts';

const MIDEA = '美的集团';
const baseURL = inject('baseURL');
let browser: Browser;
const downloads = mkdtempSync(join(tmpdir(), 'fcf-downloads-'));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The engine's figure for a what-if, from the server (the same engine), for comparison with the page. */
async function expectedPerShare(body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${baseURL}/api/user/calculate-with-valuation/${encodeURIComponent(MIDEA)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: { valuation_results: { value_per_share: number } } };
  return formatAmount(answer.data.valuation_results.value_per_share);
}

async function commit(page: Page, selector: string, text: string) {
  const input = page.locator(selector);
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

const perShare = (page: Page) => page.getByTestId('custom-value-per-share').textContent();

describe('the custom valuation page', () => {
  it('recomputes on each commit, marks inherited years, discards on Escape, keeps the what-if offline', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('param-wacc').waitFor({ timeout: 20_000 });

    await commit(page, '[data-testid="param-wacc"]', '9');
    await expect.poll(() => perShare(page)).toBe(await expectedPerShare({ wacc_manual: 0.09 }));

    await commit(page, 'input[aria-label="2026E 营业收入增长率"]', '10');
    const withGrowth = await expectedPerShare({
      wacc_manual: 0.09,
      year_specific_params: { '2026': { operating_revenue_yoy: 0.1 } },
    });
    await expect.poll(() => perShare(page)).toBe(withGrowth);
    for (const year of ['2027E', '2028E', '2029E']) {
      const cell = page.locator(`input[aria-label="${year} 营业收入增长率"]`);
      expect(await cell.getAttribute('class')).toContain('is-inherited');
      expect(await cell.inputValue()).toBe('10.00');
    }

    if (process.env.UPDATE_SCREENSHOTS) {
      await page.screenshot({
        path: new URL('../../docs/screenshots/custom-valuation-desktop.png', import.meta.url).pathname,
      });
    }

    const wacc = page.getByTestId('param-wacc');
    await wacc.click();
    await wacc.fill('99');
    await wacc.press('Escape');
    expect(await wacc.inputValue()).toBe('9.00');
    expect(await perShare(page)).toBe(withGrowth);

    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => perShare(page), { timeout: 20_000 }).toBe(withGrowth);
    expect(await page.getByTestId('param-wacc').inputValue()).toBe('9.00');
    await context.setOffline(false);
    await context.close();
  });

  it('downloads the DCF table as a PNG 3,500 px wide (scale 2.5 × 1,400)', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('custom-value-per-share').waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下载为图片' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^美的集团_DCF估值报告_\d{4}-\d{2}-\d{2}\.png$/);
    const file = join(downloads, 'dcf.png');
    await download.saveAs(file);
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(3500);
    await context.close();
  });
});

describe('the custom valuation page on a phone', () => {
  it('fits 390 px without horizontal page scroll', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('custom-value-per-share').waitFor({ timeout: 20_000 });
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    if (process.env.UPDATE_SCREENSHOTS) {
      await page.screenshot({
        path: new URL('../../docs/screenshots/custom-valuation-mobile.png', import.meta.url).pathname,
      });
    }
    await context.close();
  });
});

describe('the PDF report', () => {
  it('is made in the browser with Chinese text drawn', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('dcf-value-per-share').waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: '下载PDF报告' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^美的集团-财务分析报告.*\.pdf$/);
    const file = join(downloads, 'report.pdf');
    await download.saveAs(file);
    const pdf = readFileSync(file);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    const text = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, '');
    expect(text).toContain('美的集团');
    expect(text).toContain('每股价值');
    await context.close();
  });
});
