import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, signInContext } from './browser.ts';

/**
 * 估值设定 on a phone, by keyboard alone: an admin edits 2024's year-end yield and the platform's terminal
 * value method, and the API values 美的集团 by them; both are put back, so the files after this one see the
 * seed's settings.
 */

const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** 美的集团's DCF as the API answers it now. */
async function midea(): Promise<{ method: string; riskFree: number | undefined }> {
  const response = await fetch(`${baseURL}/api/home/dcf_valuation/000333`);
  const body = (await response.json()) as {
    data: { terminal_value_method: string; meta: { wacc_breakdown: { components: { risk_free_rate: number } } } };
  };
  return {
    method: body.data.terminal_value_method,
    riskFree: body.data.meta.wacc_breakdown.components?.risk_free_rate,
  };
}

describe('估值设定', () => {
  it('edits a year-end yield and the default terminal method by keyboard at 390 px', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await signInContext(context, baseURL, adminPassword);
    await page.goto('/admin/valuation-settings');
    const rates = page.getByTestId('risk-free-rates');
    await rates.waitFor({ timeout: 10_000 });
    expect(await midea()).toEqual({ method: 'gordon', riskFree: 0.0168 });

    await page.getByRole('button', { name: '修改 2024 年末收益率' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('2024 年末收益率已保存');
    expect(await rates.locator('tbody tr').first().textContent()).toContain('3.00%');
    expect((await midea()).riskFree).toBe(0.03);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    await page.getByRole('button', { name: '恢复 2024 年末收益率为内置值' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await midea()).riskFree).toBe(0.0168);
    // The focus is on the year's 修改 again, not dropped to the page with the removed button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('修改 2024 年末收益率');

    await page.locator('input[name="terminal-value-method"][value="gordon"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await midea()).method).toBe('value_driver');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await midea()).method).toBe('gordon');
    await context.close();
  });
});
