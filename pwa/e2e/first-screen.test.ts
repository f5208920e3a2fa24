import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage } from './browser.ts';

/**
 * The home page's first screen is rendered at build time into the HTML the server sends (app/first-screen.tsx);
 * React takes those elements over instead of drawing them again (main.tsx, ui/use-hydrated.ts). A takeover
 * that failed would show as a React error and as the elements replaced.
 */
let browser: Browser;
const baseURL = inject('baseURL');
const MIDEA = encodeURIComponent('美的集团');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    fcfFirstScreen?: { dashboard: Element | null; title: Element | null };
  }
}

/** Keeps the first screen's elements as the HTML parser made them, before any of the page's scripts run. */
function keepParsedElements(): void {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive' || window.fcfFirstScreen) return;
    window.fcfFirstScreen = {
      dashboard: document.querySelector('.home-dashboard'),
      title: document.querySelector('.home-dashboard__title'),
    };
  });
}

/** A reader who signed in before and opened 美的集团: what only this browser knows differs from the markup. */
function returningReader(): void {
  localStorage.setItem('user', JSON.stringify({ username: 'returning', is_admin: false }));
  localStorage.setItem('token', 'not-a-real-token');
  localStorage.setItem('recentCompanies', JSON.stringify([{ code: '000333', name: '美的集团', industry: '家用电器' }]));
}

describe('the first screen rendered at build time', () => {
  it.each([
    ['a first visit', false],
    ['a returning, signed-in reader', true],
  ])('is taken over, not redrawn, on %s of a report link', async (_name, returning) => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('Failed to load resource'))
        errors.push(message.text());
    });
    if (returning) await context.addInitScript(returningReader);
    await context.addInitScript(keepParsedElements);
    await page.goto(`/?company=${MIDEA}`);
    await page.getByTestId('dcf-value-per-share').waitFor({ timeout: 30_000 });
    const kept = await page.evaluate(() => ({
      parsed: window.fcfFirstScreen?.dashboard !== null && window.fcfFirstScreen?.dashboard !== undefined,
      dashboard: window.fcfFirstScreen?.dashboard === document.querySelector('.home-dashboard'),
      title: window.fcfFirstScreen?.title === document.querySelector('.home-dashboard__title'),
    }));
    expect(kept).toEqual({ parsed: true, dashboard: true, title: true });
    if (returning) await expect.poll(() => page.getByTestId('recent-companies').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
