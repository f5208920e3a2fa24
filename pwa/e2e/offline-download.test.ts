import { formatAmount } from '@fcf/engine/report';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countStored, launchBrowser, newPage, waitForServiceWorker } from './browser.ts';

/** "离线下载全部" on the sample market: every company stored, then any report opens with the network off. */

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Listed {
  data: { code: string; name: string; has_forecast_data: boolean }[];
}

describe('offline download of the whole market', () => {
  it('stores every company with a history, with progress, and their reports open offline', async () => {
    const listed = ((await (await fetch(`${baseURL}/api/data/available-companies`)).json()) as Listed).data.filter(
      (company) => company.has_forecast_data,
    );
    expect(listed.length).toBeGreaterThan(3);
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.getByTestId('offline-download-all').click();
    const done = page.getByTestId('offline-download-done');
    await done.waitFor({ timeout: 60_000 });
    expect(Number(await done.getAttribute('data-companies'))).toBe(listed.length);
    expect(await done.textContent()).toContain(`已下载全部 ${listed.length} 家公司`);
    const stored = await countStored(page, 'bundles');
    expect(stored).toBe(listed.length);

    // A company never opened online: its report comes from the download.
    const last = listed[listed.length - 1];
    if (!last) throw new Error('no company');
    const expected = (await (await fetch(`${baseURL}/api/home/dcf_valuation/${last.code}`)).json()) as {
      data: { valuation: { value_per_share: number } };
    };
    await context.setOffline(true);
    await page.goto(`/?company=${last.code}`);
    await expect
      .poll(() => page.getByTestId('dcf-value-per-share').textContent(), { timeout: 20_000 })
      .toBe(formatAmount(expected.data.valuation.value_per_share));
    await context.setOffline(false);
    await context.close();
  });
});
