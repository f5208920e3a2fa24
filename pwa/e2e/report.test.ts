import { formatAmount } from '@fcf/engine/report';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, waitForServiceWorker } from './browser.ts';

const MODULES = ['roe-roic', 'profitability', 'fcf-structure', 'fcf-ratio', 'fcf-valuation'];
const MIDEA = '美的集团';

interface DcfAnswer {
  data: { valuation: { value_per_share: number; enterprise_value: number } };
}

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function apiDcf(company: string): Promise<DcfAnswer['data']['valuation']> {
  const response = await fetch(`${baseURL}/api/home/dcf_valuation/${encodeURIComponent(company)}`);
  return ((await response.json()) as DcfAnswer).data.valuation;
}

describe('the company report', () => {
  it('shows all five modules with the API’s figures, online and after an offline reload', async () => {
    const { context, page } = await newPage(browser, baseURL);
    const expected = await apiDcf(MIDEA);
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    const perShare = page.getByTestId('dcf-value-per-share');
    await expect.poll(() => perShare.textContent(), { timeout: 20_000 }).toBe(formatAmount(expected.value_per_share));
    expect(await page.getByTestId('dcf-enterprise-value').textContent()).toBe(formatAmount(expected.enterprise_value));
    for (const path of MODULES) {
      expect(await page.getByTestId(`report-module-${path}`).count()).toBe(1);
    }
    expect(await page.getByTestId('offline-indicator').count()).toBe(0);

    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-indicator').count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('dcf-value-per-share').textContent(), { timeout: 20_000 })
      .toBe(formatAmount(expected.value_per_share));
    for (const path of MODULES) {
      expect(await page.getByTestId(`report-module-${path}`).count()).toBe(1);
    }
    await context.setOffline(false);
    await context.close();
  });

  it('a section link brings its section under the header, though sections off screen were not laid out', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/?company=${encodeURIComponent(MIDEA)}`);
    await page.getByTestId('dcf-value-per-share').waitFor({ timeout: 20_000 });
    const topOf = (id: string) =>
      page.evaluate((section) => Math.round(document.getElementById(section)?.getBoundingClientRect().top ?? -1), id);
    for (const section of ['fcf-ratio', 'growth']) {
      await page.locator(`.section-nav a[href="#${section}"]`).click();
      // The section stands 90 px from the top (its scroll-margin-top: the header and some room).
      await expect.poll(() => topOf(section), { timeout: 10_000 }).toBe(90);
      expect(await page.locator(`.section-nav a[href="#${section}"]`).getAttribute('aria-current')).toBe('location');
    }
    await context.close();
  });

  it('finds a company by code and by partial name, with the keyboard', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    const input = page.getByTestId('company-search-input');
    await input.fill('000651');
    await input.press('Enter');
    await expect
      .poll(() => page.locator('.analysis__heading h2').textContent(), { timeout: 20_000 })
      .toContain('格力电器');

    await input.fill('');
    await input.pressSequentially('海尔');
    await page.getByRole('option').first().waitFor();
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect
      .poll(() => page.locator('.analysis__heading h2').textContent(), { timeout: 20_000 })
      .toContain('海尔智家');
    expect(new URL(page.url()).searchParams.get('company')).toBe('海尔智家');
    await context.close();
  });
});
