import { readFileSync } from 'node:fs';
import { formatAmount, formatPercent } from '@fcf/engine/report';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, waitForServiceWorker } from './browser.ts';
import { adminToken } from './page-checks.ts';

const MIDEA = '美的集团';
/** A GBK export as 东方财富 writes it: prefixed/suffixed codes, market values and shares with 亿 in the cell. */
const QUOTE_FILE = new URL('./testing/quotes-gbk-2026-07-17.csv', import.meta.url);
const PRICE = 80.1;
const MARKET_CAP = 6102.8;

let browser: Browser;
const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function json<T>(path: string): Promise<T> {
  return (await (await fetch(`${baseURL}${path}`)).json()) as T;
}

/** The figure of one row of the price-against-value panel, by its label. */
function figure(page: Page, label: string) {
  return page.locator('.price-value__item', { hasText: label }).locator('dd > span');
}

describe('market prices', () => {
  it('an admin uploads a GBK quote file; the report shows price, margin of safety, P/E and P/B as computed by hand', async () => {
    const form = new FormData();
    form.append('files', new File([readFileSync(QUOTE_FILE)], 'quotes-gbk-2026-07-17.csv'));
    const upload = await fetch(`${baseURL}/api/upload_quotes`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${await adminToken(baseURL, adminPassword)}` },
    });
    const answer = (await upload.json()) as { files: { imported: number; refused: unknown[]; dates: string[] }[] };
    expect(upload.status).toBe(200);
    expect(answer.files[0]).toMatchObject({ imported: 3, refused: [], dates: ['2026-07-17'] });

    // Hand computation from the API's own figures: value per share, and the latest year's statements.
    const code = '000333';
    const dcf = await json<{ data: { valuation: { value_per_share: number } } }>(
      `/api/home/dcf_valuation/${encodeURIComponent(MIDEA)}`,
    );
    const bundle = await json<{ data: { statements: { years: Record<string, Record<string, number>> } } }>(
      `/api/data/company-bundle/${code}`,
    );
    const years = bundle.data.statements.years;
    const latest = years[String(Math.max(...Object.keys(years).map(Number)))] ?? {};
    const valuePerShare = dcf.data.valuation.value_per_share;

    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    await expect.poll(() => page.getByTestId('quote-price').textContent(), { timeout: 20_000 }).toBe('80.10 元');
    expect(await page.getByTestId('margin-of-safety').textContent()).toBe(formatPercent(valuePerShare / PRICE - 1));
    expect(await figure(page, '市盈率 P/E').textContent()).toBe(
      `${formatAmount(MARKET_CAP / (latest.net_profit_parent ?? Number.NaN))}倍`,
    );
    expect(await figure(page, '市净率 P/B').textContent()).toBe(
      `${formatAmount(MARKET_CAP / (latest.parent_equity ?? Number.NaN))}倍`,
    );
    expect(await figure(page, '总市值').textContent()).toBe(`${formatAmount(MARKET_CAP)} 亿元`);
    // The snapshot is months old by now.
    expect(await page.locator('.price-value__date').textContent()).toContain('2026-07-17');

    // Quotes are synced: the price shows offline too.
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('quote-price').textContent(), { timeout: 20_000 }).toBe('80.10 元');
    await context.setOffline(false);
    await context.close();
  });

  it('"mdjt" finds 美的集团', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    const input = page.getByTestId('company-search-input');
    await input.fill('mdjt');
    await input.press('Enter');
    await expect.poll(() => page.locator('.analysis__heading h2').textContent(), { timeout: 20_000 }).toContain(MIDEA);
    await context.close();
  });

  it('the screener, in the top menu, sorts by margin of safety as the API does, offline too', async () => {
    const api = await json<{ data: { rows: { code: string }[] } }>(
      '/api/data/screener?sort=margin_of_safety&order=desc&limit=500',
    );
    const expected = api.data.rows.map((row) => row.code);
    expect(expected.length).toBeGreaterThan(3);
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    await expect.poll(() => page.locator('a[href="/screener"]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.goto('/screener');
    const codes = () =>
      page.getByTestId('screener-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-company')));
    // The list is virtual: the rows in view are the API's first ones, in its order.
    const firstRowsInOrder = async () => {
      const shown = await codes();
      return shown.length >= Math.min(expected.length, 8) && shown.every((code, index) => code === expected[index]);
    };
    await expect.poll(firstRowsInOrder, { timeout: 20_000 }).toBe(true);
    // A tap opens the company's report.
    await page.locator(`[data-testid="screener-row"][data-company="${expected[0]}"]`).click({ timeout: 10_000 });
    await expect.poll(() => new URL(page.url()).searchParams.get('company'), { timeout: 10_000 }).toBe(expected[0]);

    await page.goto('/screener');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(firstRowsInOrder, { timeout: 20_000 }).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});
