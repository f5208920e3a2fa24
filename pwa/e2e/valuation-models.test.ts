import { uncertaintyAnswer } from '@fcf/engine/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage } from './browser.ts';
import { expectNoSideScroll, uploadStatementFile } from './page-checks.ts';
import { expectRangeAsServer } from './range-panel.ts';

/**
 * 估值模型 and the custom page's other models on a phone, in real Chromium: 工商银行 (seeded from
 * fixtures/sina) valued by excess returns alone, a summary-only company (华能国际, its NetEase financial
 * summary uploaded here), and the story model's levers moving the value on the custom page.
 */

const MIDEA = '美的集团';
const BANK = '601398';
const SUMMARY_ONLY = '600011';
const SUMMARY_FILE = new URL('../../../shared/data/market/summary/600011.csv', import.meta.url);

let browser: Browser;
const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const perShare = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

describe('估值模型 at 390 px', () => {
  it('values 工商银行 by excess returns with its P/B, and says why the FCFF and the story model do not apply', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-model?company=${BANK}`);
    const er = page.getByTestId('model-value-excess_return');
    await expect.poll(() => er.textContent(), { timeout: 30_000 }).toContain('每股价值');
    expect(perShare(await er.getByTestId('model-value-per-share').textContent())).toBeGreaterThan(0);
    expect(await er.textContent()).toContain('合理市净率');
    expect(await er.textContent()).toContain('默认模型');
    expect(await page.getByTestId('model-value-fcff').textContent()).toContain('金融企业');
    expect(await page.getByTestId('model-value-story').textContent()).toContain('不适用');
    expect(await page.getByTestId('model-spread').textContent()).toContain('只有超额收益模型');
    // The catalogue: every model with its formulas, the levers' ranges a keyboard away.
    expect(await page.locator('#model-excess_return').textContent()).toContain('(ROE − g) / (Ke − g)');
    const levers = page.locator('#model-story summary');
    await levers.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('#model-story').textContent()).toContain('1 至 10 的整数');
    await expectNoSideScroll(page);
    await context.close();
  });

  it('values a summary-only company by excess returns, never by the FCFF', async () => {
    await uploadStatementFile(baseURL, adminPassword, SUMMARY_FILE, `${SUMMARY_ONLY}.csv`);
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-model?company=${SUMMARY_ONLY}`);
    const fcff = page.getByTestId('model-value-fcff');
    await expect.poll(() => fcff.textContent(), { timeout: 30_000 }).toContain('仅有财务摘要');
    const er = page.getByTestId('model-value-excess_return');
    expect(await er.textContent()).toContain('默认模型');
    expect(await er.getByTestId('model-value-per-share').count()).toBe(1);
    await expectNoSideScroll(page);

    // The custom page opens it with excess returns, the FCFF not offered.
    await page.goto(`/valuation-custom?company=${SUMMARY_ONLY}`);
    const chooser = page.getByTestId('model-chooser');
    await chooser.waitFor({ timeout: 30_000 });
    expect(await chooser.getByLabel(/超额收益模型/).isChecked()).toBe(true);
    expect(await chooser.getByLabel(/自由现金流折现/).isDisabled()).toBe(true);
    await page.getByTestId('lever-input-cost_of_equity').waitFor({ timeout: 20_000 });

    // Its range by excess returns, computed in the worker as the server answers it for the same seed.
    const answer = await fetch(`${baseURL}/api/home/uncertainty/${SUMMARY_ONLY}`);
    const server = uncertaintyAnswer.parse(await answer.json()).data;
    expect(server.model).toBe('excess_return');
    await expectRangeAsServer(page, server, 4);
    await expectNoSideScroll(page);

    // Asked for the FCFF by its address, the page still opens excess returns: no DCF figure, the live levers
    // are the excess-return model's and move its value.
    await page.goto(`/valuation-custom?company=${SUMMARY_ONLY}&model=fcff`);
    const value = page.getByTestId('model-custom-value-per-share');
    await expect.poll(() => value.textContent(), { timeout: 30_000 }).toMatch(/\d/);
    expect(await chooser.getByLabel(/超额收益模型/).isChecked()).toBe(true);
    expect(await page.getByTestId('sticky-result').count()).toBe(0);
    expect(await page.getByTestId('custom-dcf-error').count()).toBe(0);
    const before = perShare(await value.textContent());
    const roe = page.getByTestId('lever-input-normalised_roe');
    await roe.fill('20');
    await expect.poll(async () => perShare(await value.textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
    await expectNoSideScroll(page);
    await context.close();
  });

  it('says in 工商银行’s report why its FCF sections do not apply, and rates it by the bank’s measures', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-home?company=${BANK}`);
    const structure = page.getByTestId('report-module-fcf-structure').getByTestId('section-notice');
    await structure.waitFor({ timeout: 30_000 });
    expect(await structure.getAttribute('data-code')).toBe('financial_company');
    expect(await structure.textContent()).toContain('不适用于金融企业');
    const risk = page.getByTestId('report-module-risk');
    expect(await risk.getByTestId('section-notice').getAttribute('data-code')).toBe('financial_company');
    expect(await risk.textContent()).toContain('贷存比');
    expect(await risk.textContent()).not.toContain('≤60% 稳健');
    await expectNoSideScroll(page);
    await context.close();
  });

  it('names the report’s model in its DCF section and links to 估值模型', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-home?company=${encodeURIComponent(MIDEA)}`);
    const link = page.getByTestId('dcf-model-link');
    await link.waitFor({ timeout: 30_000 });
    expect(await link.textContent()).toBe('自由现金流折现（FCFF）');
    await link.click();
    await page.getByTestId('model-value-fcff').waitFor({ timeout: 30_000 });
    expect(page.url()).toContain('/valuation-model?company=');
    await expect
      .poll(() => page.getByTestId('model-spread').textContent(), { timeout: 30_000 })
      .toMatch(/3 个模型的每股价值在/);
    await context.close();
  });
});

describe('the custom page’s other models at 390 px', () => {
  it('tells 美的集团’s story: choosing the model by keyboard, a lever typed moves the value live, kept on reload', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(MIDEA)}`);
    const chooser = page.getByTestId('model-chooser');
    await chooser.waitFor({ timeout: 30_000 });
    expect(await chooser.getByLabel(/自由现金流折现/).isChecked()).toBe(true);
    await chooser.getByLabel(/自由现金流折现/).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await chooser.getByLabel(/故事估值模型/).isChecked()).toBe(true);
    const value = page.getByTestId('model-custom-value-per-share');
    await expect.poll(() => value.textContent(), { timeout: 20_000 }).toMatch(/\d/);
    const before = await value.textContent();
    const growth = page.getByTestId('lever-input-revenue_growth_years_1_5');
    await growth.fill('25');
    // Live: the value follows while typing, before Enter.
    await expect.poll(() => value.textContent(), { timeout: 10_000 }).not.toBe(before);
    await growth.press('Enter');
    const after = await value.textContent();
    expect(perShare(after)).toBeGreaterThan(perShare(before));
    expect(await page.getByTestId('lever-revenue_growth_years_1_5').textContent()).toContain('我的设定');
    expect(await page.locator('.cv-model-table tbody tr').count()).toBeGreaterThan(10);
    await expectNoSideScroll(page);

    await page.reload();
    await expect
      .poll(() => page.getByTestId('model-custom-value-per-share').textContent(), { timeout: 30_000 })
      .toBe(after);
    await page.getByRole('button', { name: /恢复默认参数/ }).click();
    await expect.poll(() => page.getByTestId('model-custom-value-per-share').textContent()).toBe(before);

    const download = page.waitForEvent('download');
    await page.getByTestId('model-export-xlsx').click();
    expect((await download).suggestedFilename()).toMatch(/^美的集团_故事估值模型.*\.xlsx$/);
    await context.close();
  });

  it('opens 工商银行 with excess returns; a lower cost of equity raises the value', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/valuation-custom?company=${BANK}`);
    const value = page.getByTestId('model-custom-value-per-share');
    await expect.poll(() => value.textContent(), { timeout: 30_000 }).toMatch(/\d/);
    expect(
      await page
        .getByTestId('model-chooser')
        .getByLabel(/超额收益模型/)
        .isChecked(),
    ).toBe(true);
    const before = perShare(await value.textContent());
    const ke = page.getByTestId('lever-input-cost_of_equity');
    await ke.fill('7');
    await ke.press('Enter');
    await expect.poll(async () => perShare(await value.textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(await page.getByTestId('lever-cost_of_equity').textContent()).toContain('我的设定');
    const download = page.waitForEvent('download');
    await page.getByTestId('model-export-pdf').click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expectNoSideScroll(page);
    await context.close();
  });
});
