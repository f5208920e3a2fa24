import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the API reference page (/api/docs)', () => {
  it('renders every operation from this server alone, under the app’s CSP, without errors', async () => {
    const { context, page } = await newPage(browser, baseURL);
    const problems: string[] = [];
    const foreign: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(baseURL) && !request.url().startsWith('data:')) foreign.push(request.url());
    });
    try {
      await page.goto('/api/docs');
      await expect.poll(() => page.locator('.opblock').count(), { timeout: 20_000 }).toBeGreaterThan(50);
      // Each operation says who may call it.
      await expect.poll(() => page.locator('.opblock-tag').count()).toBeGreaterThan(8);
      await page.locator('.opblock-summary-path', { hasText: '/api/home/dcf_valuation/{company}' }).first().click();
      await expect.poll(() => page.getByText('权限：公开').count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      expect(foreign).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
