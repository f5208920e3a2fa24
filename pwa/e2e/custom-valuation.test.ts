import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { read } from '@e965/xlsx';
import { formatAmount } from '@fcf/engine/report';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DCF_CELLS, SHEETS } from '../src/valuation-editor/model-workbook.ts';
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

  it('exports the model as .xlsx: live formulas in the DCF cells, the page’s figures cached', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('custom-value-per-share').waitFor({ timeout: 20_000 });
    await commit(page, '[data-testid="param-wacc"]', '9.5');
    const expected = await expectedPerShare({ wacc_manual: 0.095 });
    await expect.poll(() => perShare(page)).toBe(expected);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
    expect(download.suggestedFilename()).toMatch(/^美的集团_DCF估值模型_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = join(downloads, 'model.xlsx');
    await download.saveAs(file);
    const workbook = read(readFileSync(file), { cellFormula: true });
    const dcf = workbook.Sheets[SHEETS.dcf];
    expect(dcf?.[DCF_CELLS.wacc]?.v).toBe(0.095);
    for (const address of ['B13', 'B14', 'B15', 'B17', 'B18', 'B19', 'B20', 'B21', DCF_CELLS.valuePerShare]) {
      expect(dcf?.[address]?.f, address).toBeTruthy();
    }
    expect(formatAmount(dcf?.[DCF_CELLS.valuePerShare]?.v as number)).toBe(await perShare(page));
    // The model's four sheets, then, once the range has been computed, the scenarios and the simulation (情景与模拟).
    expect(workbook.SheetNames.slice(0, 4)).toEqual([SHEETS.dcf, SHEETS.forecast, SHEETS.drivers, SHEETS.history]);
    expect(workbook.SheetNames.slice(4).every((name) => name === '情景与模拟')).toBe(true);
    await context.close();
  });

  it('makes a portrait share card 1,080 px wide', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('custom-value-per-share').waitFor({ timeout: 20_000 });
    // Headless Chromium cannot share files: the card is downloaded instead.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('share-card').click()]);
    expect(download.suggestedFilename()).toMatch(/^美的集团_估值卡片_\d{4}-\d{2}-\d{2}\.png$/);
    const file = join(downloads, 'card.png');
    await download.saveAs(file);
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    expect(width).toBe(1080);
    expect(height).toBeGreaterThan(width);
    await context.close();
  });
});

describe('the custom valuation page on a phone', () => {
  it('updates the value per share within 300 ms of a WACC digit, without Enter', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('custom-value-per-share').waitFor({ timeout: 20_000 });
    const expected = await expectedPerShare({ wacc_manual: 0.09 });
    expect(await perShare(page)).not.toBe(expected);

    await page.getByTestId('param-wacc').focus();
    // Timed inside the page: from the key going down to the new figure in the DOM.
    await page.evaluate((target) => {
      const state = window as unknown as { latency?: Promise<number> };
      state.latency = new Promise((resolve) => {
        let start = 0;
        const onKey = () => {
          start = performance.now();
        };
        document.addEventListener('keydown', onKey, { capture: true, once: true });
        const observer = new MutationObserver(() => {
          const text = document.querySelector('[data-testid="custom-value-per-share"]')?.textContent;
          if (start > 0 && text === target) {
            observer.disconnect();
            resolve(performance.now() - start);
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }, expected);
    await page.keyboard.press('9');
    const latency = await page.evaluate(() => (window as unknown as { latency: Promise<number> }).latency);
    expect(latency).toBeLessThan(300);
    // A draft only: leaving without Enter commits it, Escape would have dropped it.
    expect(await page.getByTestId('param-wacc').inputValue()).toBe('9');
    await context.close();
  });

  it('keeps the result bar in view below the last row being edited', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('custom-value-per-share').waitFor({ timeout: 20_000 });
    const last = page.locator('.cv-table').last().locator('input').last();
    await last.focus();
    const bar = await page.getByTestId('sticky-result').boundingBox();
    const cell = await last.boundingBox();
    expect(bar).not.toBeNull();
    expect(cell).not.toBeNull();
    if (!bar || !cell) return;
    expect(bar.y).toBeGreaterThanOrEqual(0);
    expect(bar.y + bar.height).toBeLessThanOrEqual(MOBILE.height + 0.5);
    // The bar does not hide the cell being typed into.
    expect(cell.y + cell.height).toBeLessThanOrEqual(bar.y + 0.5);
    expect(await page.getByTestId('sticky-result').getByTestId('custom-value-per-share').count()).toBe(1);
    await context.close();
  });

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
