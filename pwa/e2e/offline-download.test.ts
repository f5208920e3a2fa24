import { formatAmount } from '@fcf/engine/report';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BUNDLES_TABLE } from '../src/store/bundle-rows.ts';
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

/**
 * The home page, its service worker ready, once the report on it has kept its own company (after the
 * reader's first key lets deferred work go): the download button and the one bundle stored before.
 */
async function openWithOneStored() {
  const { context, page } = await newPage(browser, baseURL);
  await page.goto('/');
  await waitForServiceWorker(page);
  const button = page.getByTestId('offline-download-all');
  await page.keyboard.press('Shift');
  await expect.poll(() => countStored(page, BUNDLES_TABLE), { timeout: 20_000 }).toBe(1);
  return { context, page, button, before: await countStored(page, BUNDLES_TABLE) };
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
    const stored = await countStored(page, BUNDLES_TABLE);
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

  it('says in Chinese why it stopped, offline or on a page of the wrong shape, and keeps nothing of that page', async () => {
    const { context, page, button, before } = await openWithOneStored();
    // A page whose cursor reads well but whose bundle breaks the contract: checked before anything is written.
    // (The glob's `*` stops at `/`: the industries' answer, /company-bundles/industries, comes from the server.)
    await page.route('**/api/data/company-bundles*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { bundles: [{ company: 1 }], next: null, total: 1 }, message: '' }),
      }),
    );
    await button.click();
    await page
      .getByText('离线下载失败：服务器返回的数据格式错误，已下载的公司仍可离线阅读')
      .waitFor({ timeout: 60_000 });
    expect(await countStored(page, BUNDLES_TABLE)).toBe(before);
    await page.unroute('**/api/data/company-bundles*');

    await context.setOffline(true);
    await button.click();
    await page.getByText('离线下载失败：无法连接服务器，已下载的公司仍可离线阅读').waitFor({ timeout: 60_000 });
    expect(await countStored(page, BUNDLES_TABLE)).toBe(before);
    await context.setOffline(false);
    await context.close();
  });

  it("stops on an industries' answer of the wrong shape or out of reach, and stores no page", async () => {
    const { context, page, button, before } = await openWithOneStored();
    // The pages come from the server and are of the contract; every company's 行业对比 is not.
    const industries = '**/api/data/company-bundles/industries';
    await page.route(industries, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: true, data: { version: 1, industries: {} }, message: '' }),
      }),
    );
    await button.click();
    await page
      .getByText('离线下载失败：服务器返回的数据格式错误，已下载的公司仍可离线阅读')
      .waitFor({ timeout: 60_000 });
    expect(await countStored(page, BUNDLES_TABLE)).toBe(before);
    await page.unroute(industries);

    // Not answered at all, every attempt: the pages arrive, and none is stored without its companies' 行业对比.
    await page.route(industries, (route) => route.abort('connectionrefused'));
    await button.click();
    await page.getByText('离线下载失败：无法连接服务器，已下载的公司仍可离线阅读').waitFor({ timeout: 60_000 });
    expect(await countStored(page, BUNDLES_TABLE)).toBe(before);
    await page.unroute(industries);
    await context.close();
  });
});
