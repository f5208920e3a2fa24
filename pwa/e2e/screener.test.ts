import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage } from './browser.ts';

/**
 * 估值筛选 at 390 px: the model and the verdict with its rating on each row, the filters for model, verdict
 * and warning, the count of companies hidden for a value that is not meaningful and the control that shows
 * them; by keyboard, with 44 px touch targets and nothing wider than the screen.
 */

interface Row {
  readonly code: string;
  readonly model: string | null;
  readonly verdict: string | null;
  readonly uncertainty_rating: string | null;
  readonly value_per_share: number | null;
}

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function screened(query: string): Promise<{ total: number; hidden: number; rows: Row[] }> {
  const response = await fetch(`${baseURL}/api/data/screener?limit=500${query}`);
  return ((await response.json()) as { data: { total: number; hidden: number; rows: Row[] } }).data;
}

describe('估值筛选 on a phone', () => {
  it('shows model and verdict, filters by them, counts and shows what is hidden, by keyboard, at 44 px', async () => {
    const api = await screened('');
    const rated = api.rows.find((row) => row.verdict !== null && row.uncertainty_rating !== null);
    expect(rated, 'a quoted company with a verdict').toBeDefined();
    if (!rated) return;

    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto('/screener');
    const rows = page.getByTestId('screener-row');
    await rows.first().waitFor({ timeout: 30_000 });
    const count = page.getByTestId('screener-count');
    if (api.hidden > 0) {
      await expect
        .poll(() => count.textContent(), { timeout: 10_000 })
        .toContain(`已隐藏 ${api.hidden} 家：估值无意义`);
    }

    // The verdict with its rating; on a phone the model stands in the code line.
    await page.getByLabel('结论').selectOption(rated.verdict ?? '');
    const row = page.locator(`[data-testid="screener-row"][data-company="${rated.code}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getByTestId('screener-verdict').textContent()).toBe(
      `${rated.verdict}不确定性${rated.uncertainty_rating}`,
    );
    expect(await row.locator('.screener__model-inline').textContent()).toContain('FCFF');
    expect(await row.getByTestId('screener-model').isVisible()).toBe(false);
    const verdicts = await rows.evaluateAll((all) => all.map((one) => one.getAttribute('data-verdict')));
    expect(new Set(verdicts)).toEqual(new Set([rated.verdict]));

    // By keyboard: from the verdict filter, Tab reaches the warning filter and the model filter's choice holds.
    await page.getByLabel('结论').selectOption('');
    await page.getByLabel('估值模型').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('label')?.textContent?.startsWith('结论'))).toBe(
      true,
    );
    await page.getByLabel('估值模型').selectOption('fcff');
    await expect
      .poll(() => rows.evaluateAll((all) => [...new Set(all.map((one) => one.getAttribute('data-model')))]))
      .toEqual(['fcff']);
    await page.getByLabel('估值模型').selectOption('');

    // The hidden companies come back with Enter on the control, and go again.
    if (api.hidden > 0) {
      const toggle = page.getByTestId('screener-show-hidden');
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
      const all = await screened('&hide_flagged=0');
      await expect.poll(() => count.textContent()).toContain(`共 ${all.total} 家公司`);
      await page.keyboard.press('Enter');
      await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    }

    // Every control at least 44 × 44 px; nothing wider than the phone.
    const small = await page
      .locator(
        '.screener__filters select, .screener__filters button, .screener__filters input, .screener__count button',
      )
      .evaluateAll((controls) =>
        controls
          .map((control) => {
            const box = control.getBoundingClientRect();
            return { what: control.outerHTML.slice(0, 60), width: box.width, height: box.height };
          })
          .filter((box) => box.height < 44 || box.width < 44),
      );
    expect(small).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await context.close();
  });
});
