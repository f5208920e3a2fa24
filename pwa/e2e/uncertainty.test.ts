import { uncertaintyAnswer } from '@fcf/engine/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage } from './browser.ts';
import { expectRangeAsServer } from './range-panel.ts';

const MIDEA = '美的集团';
const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the range panel of the custom page at 390 px', () => {
  it('shows what the server answers for the same seed, and follows an edit of the bull scenario offline', async () => {
    const response = await fetch(`${baseURL}/api/home/uncertainty/000333`);
    const server = uncertaintyAnswer.parse(await response.json()).data;

    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    await expectRangeAsServer(page, server, 6);
    expect(await page.getByTestId('mc-prob-above-price').textContent()).toMatch(/%$/);

    // Offline, by keyboard: the bull scenario's target margin up 5 points moves the weighted value.
    await context.setOffline(true);
    const before = await page.getByTestId('weighted-value').textContent();
    const margin = page.locator('input[aria-label="乐观：目标营业利润率（%）"]');
    await margin.focus();
    const raised = (Number(await margin.inputValue()) + 5).toFixed(2);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(raised);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByTestId('weighted-value').textContent()).not.toBe(before);
    await context.setOffline(false);

    // Nothing wider than the phone: the wide table scrolls in its own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
