import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, waitForServiceWorker } from './browser.ts';
import { apiLogin } from './page-checks.ts';

const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');
const RESEARCH = new URL('../../fixtures/research/', import.meta.url).pathname;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A sample report made unique (bytes after %%EOF), so the server does not refuse it as a duplicate. */
function uniquePdf(fixture: string, tag: string): Buffer {
  return Buffer.concat([readFileSync(`${RESEARCH}${fixture}`), Buffer.from(`\n% e2e ${tag}\n`)]);
}

/** Page 1 of the viewer is drawn: a canvas of non-zero size and a text layer with text in it. */
async function expectFirstPageRendered(page: Page, text: string) {
  const first = page.locator('.pdf-page[data-page-number="1"]');
  await expect.poll(() => first.getAttribute('data-rendered'), { timeout: 30_000 }).toBe('true');
  const size = await first.locator('canvas').evaluate((canvas: HTMLCanvasElement) => ({
    width: canvas.width,
    height: canvas.height,
    inked: (() => {
      // Some pixel is not white: the page was really drawn.
      const context = canvas.getContext('2d');
      const data = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      for (let index = 0; index < data.length; index += 4) {
        if ((data[index] ?? 255) < 200) return true;
      }
      return false;
    })(),
  }));
  expect(size.width).toBeGreaterThan(100);
  expect(size.height).toBeGreaterThan(100);
  expect(size.inked).toBe(true);
  await expect.poll(() => first.locator('.textLayer').textContent(), { timeout: 10_000 }).toContain(text);
}

describe('research PDFs', () => {
  it('admin uploads two PDFs and files one; readers find it, read it and keep it for offline', async () => {
    const tag = String(Date.now());
    const names = [`E2E家电研究-${tag}.pdf`, `E2E电力周期-${tag}.pdf`];
    const category = `E2E分类${tag.slice(-6)}`;
    const { context, page } = await newPage(browser, baseURL);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });

    // Logged in as the admin through the API, as the app stores a session.
    const session = await apiLogin(baseURL, 'admin', adminPassword);
    await page.goto('/');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
    }, session);

    await page.goto('/admin/pdf');
    await page.getByTestId('pdf-upload-input').setInputFiles([
      { name: names[0] as string, mimeType: 'application/pdf', buffer: uniquePdf('家电行业2024年度研究报告.pdf', tag) },
      { name: names[1] as string, mimeType: 'application/pdf', buffer: uniquePdf('电力行业资本开支周期分析.pdf', tag) },
    ]);
    const uploadButton = page.getByTestId('pdf-upload-button');
    expect(await uploadButton.textContent()).toBe('批量上传 (2)');
    await uploadButton.click();
    await expect.poll(() => dialogs.at(-1), { timeout: 20_000 }).toBe('全部上传成功，共 2 个文件');
    for (const name of names) {
      await page.locator('.pdf-files__name', { hasText: name }).waitFor({ timeout: 10_000 });
    }

    // A new category (Enter adds it), then one of the files moved into it.
    const nameBox = page.getByTestId('pdf-category-name');
    await nameBox.fill(category);
    await nameBox.press('Enter');
    await page.locator('.pdf-categories__select', { hasText: category }).waitFor();
    const row = page.locator('tr', { has: page.locator('.pdf-files__name', { hasText: names[0] as string }) });
    await row.locator('select').selectOption({ label: category });
    await page.locator('.pdf-categories__select', { hasText: category }).click();
    await expect
      .poll(() => page.locator('.pdf-files__name').allTextContents(), { timeout: 10_000 })
      .toEqual([names[0]]);

    // The public page lists it under that category.
    await page.goto('/industry-research');
    await page.locator('.research-categories__item', { hasText: category }).click();
    await expect
      .poll(() => page.locator('.research-table__name a').allTextContents(), { timeout: 10_000 })
      .toEqual([names[0]]);

    // The name opens the viewer in a new tab, showing page 1.
    const [viewer] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('.research-table__name a', { hasText: names[0] as string }).click(),
    ]);
    await viewer.waitForLoadState();
    expect(new URL(viewer.url()).pathname).toBe('/pdf-viewer');
    await expectFirstPageRendered(viewer, '家电行业2024年度研究报告');
    expect(await viewer.locator('.pdf-viewer__title').textContent()).toBe(names[0]);
    expect(await viewer.locator('[data-page-number]').count()).toBe(2);

    // Read online without 离线保存, the other report is kept in the cache all the same.
    await page.locator('.research-categories__item', { hasText: '全部文件' }).click();
    const [other] = await Promise.all([
      context.waitForEvent('page'),
      page.locator('.research-table__name a', { hasText: names[1] as string }).click(),
    ]);
    await expectFirstPageRendered(other, '电力行业资本开支周期分析');
    const otherUrl = other.url();

    // Kept for offline reading, it opens with the network off.
    await waitForServiceWorker(viewer);
    const save = viewer.getByTestId('pdf-save-offline');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await context.setOffline(true);
    await viewer.reload();
    await expectFirstPageRendered(viewer, '家电行业2024年度研究报告');
    expect(await viewer.locator('.pdf-viewer__meta').textContent()).toContain('本机离线副本');
    expect(await viewer.getByTestId('offline-indicator').count()).toBe(1);

    // Offline, the list still shows, with the saved report marked.
    await page.reload();
    await page.locator('.research-table__name a', { hasText: names[0] as string }).waitFor({ timeout: 20_000 });
    expect(
      await page
        .locator('tr', { has: page.locator('a', { hasText: names[0] as string }) })
        .locator('.research-table__badge')
        .textContent(),
    ).toBe('已离线保存');
    await page.locator('.research-categories__item', { hasText: '全部文件' }).click();
    expect(
      await page
        .locator('tr', { has: page.locator('a', { hasText: names[1] as string }) })
        .locator('.research-table__badge')
        .textContent(),
    ).toBe('已缓存');
    await other.goto(otherUrl);
    await expectFirstPageRendered(other, '电力行业资本开支周期分析');
    expect(await other.locator('.pdf-viewer__meta').textContent()).toContain('本机离线副本');
    expect(await page.getByTestId('pdf-cache-settings').textContent()).toContain('自动缓存 1 份');
    await context.setOffline(false);
    await context.close();
  });

  it('the viewer says so when a report is missing, and the serve route refuses traversal', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/pdf-viewer?id=999999');
    await expect
      .poll(() => page.locator('.pdf-viewer__status--error').textContent(), { timeout: 20_000 })
      .toContain('文件不存在或已删除');
    for (const path of ['/api/pdf-preview/serve/..%2F..%2Fpackage.json', '/api/pdf-preview/serve/%2Fetc%2Fpasswd']) {
      expect((await fetch(`${baseURL}${path}`)).status, path).toBe(404);
    }
    await context.close();
  });
});
