import { NOT_APPLICABLE, PALETTE } from '@fcf/engine/report';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';
import { adminToken } from './page-checks.ts';

/**
 * What a reader must know beside a value per share, in a real browser: 国电电力's equity value is negative
 * (不适用 with the reason and the warning, the API keeping the number) on the report, the custom page and
 * the WACC tool, each with the data date in amber (its latest report is long past); a bank gets no FCFF
 * value (the DCF module explains why and what to use instead; the history modules stay) and the screener
 * lists it flagged, hidden while 隐藏估值为负或金融企业 is ticked.
 */

/** The amber of a stale data date: --color-warning (PALETTE.warning), 6.3:1 on white. */
const AMBER = `rgb(${PALETTE.warning
  .slice(1)
  .match(/../g)
  ?.map((pair) => Number.parseInt(pair, 16))
  .join(', ')})`;

/** The data date inside `scope`: its text, whether it is amber, and its colour. */
async function dataDate(scope: Locator) {
  const badge = scope.getByTestId('data-date').first();
  return {
    text: await badge.textContent(),
    stale: await badge.getAttribute('data-stale'),
    color: await badge.evaluate((element) => getComputedStyle(element).color),
  };
}

/** 国电电力 (600795): its equity value is negative (docs/model.md; 金风科技 no longer is, its capex fading with growth). */
const NEGATIVE = '国电电力';
/** 兴业银行: section J (金融业) in the industry table the seed imports; uploaded here as 163 CSVs. */
const BANK_CODE = '601166';

const baseURL = inject('baseURL');
const adminPassword = inject('adminPassword');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A 163-format CSV (报告日期 across, items down, 万元) of a small bank with the sample bank's shape. */
function bankCsv(kind: 'zcfzb' | 'lrb'): string {
  const years = ['2024-12-31', '2023-12-31', '2022-12-31'];
  const scales = [1, 0.95, 0.9];
  const rows: [string, number][] =
    kind === 'zcfzb'
      ? [
          ['货币资金(万元)', 260],
          ['交易性金融资产(万元)', 310],
          ['资产总计(万元)', 3800],
          ['吸收存款及同业存放(万元)', 2870],
          ['应付债券(万元)', 420],
          ['负债合计(万元)', 3500],
          ['实收资本(或股本)(万元)', 50],
          ['归属于母公司股东权益合计(万元)', 296],
          ['少数股东权益(万元)', 4],
        ]
      : [
          ['营业总收入(万元)', 120],
          ['营业收入(万元)', 120],
          ['营业税金及附加(万元)', 1.2],
          ['管理费用(万元)', 38],
          ['利润总额(万元)', 55],
          ['所得税费用(万元)', 9],
          ['净利润(万元)', 46],
          ['归属于母公司所有者的净利润(万元)', 45],
        ];
  const lines = [
    `报告日期,${years.join(',')},`,
    ...rows.map(([label, amount]) => `${label},${scales.map((scale) => Math.round(amount * scale * 1e4)).join(',')},`),
  ];
  return `${lines.join('\n')}\n`;
}

describe('warnings beside the value per share', () => {
  it('国电电力: negative equity value shows 不适用 with the reason, and the warning; the API keeps the number', async () => {
    const answer = (await (
      await fetch(`${baseURL}/api/home/dcf_valuation/${encodeURIComponent(NEGATIVE)}`)
    ).json()) as {
      data: { valuation: { equity_value: number; value_per_share: number }; warnings: { code: string }[] };
    };
    expect(answer.data.valuation.equity_value).toBeLessThan(0);
    expect(answer.data.valuation.value_per_share).toBeLessThan(0);
    expect(answer.data.warnings.map((warning) => warning.code)).toContain('negative_equity_value');

    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/?company=${encodeURIComponent(NEGATIVE)}`);
    const perShare = page.getByTestId('dcf-value-per-share');
    await expect.poll(() => perShare.textContent(), { timeout: 20_000 }).toBe(NOT_APPLICABLE);
    expect(await page.getByTestId('dcf-figure-value_per_share').textContent()).toBe(NOT_APPLICABLE);
    const warnings = await page.getByTestId('valuation-warnings').textContent();
    expect(warnings).toContain('股权价值为负');
    const module = page.getByTestId('report-module-fcf-valuation');
    expect(await module.textContent()).toContain('每股价值不适用');
    const reportDate = await dataDate(module);
    expect(reportDate).toMatchObject({ stale: 'true', color: AMBER });
    expect(reportDate.text).toMatch(/^基于 \d{4} 年报/);
    expect(await dataDate(page.locator('.analysis__heading'))).toMatchObject({ text: reportDate.text, stale: 'true' });
    expect(await page.locator('.analysis__heading').getByTestId('warning-mark').getAttribute('data-codes')).toContain(
      'negative_equity_value',
    );
    await context.close();
  });

  it('国电电力 on the custom page and in the WACC tool: 不适用 with the reason, the warnings, the amber data date', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/valuation-custom?company=${encodeURIComponent(NEGATIVE)}`);
    const perShare = page.getByTestId('custom-value-per-share');
    await expect.poll(() => perShare.textContent(), { timeout: 20_000 }).toBe(NOT_APPLICABLE);
    const bar = page.getByTestId('sticky-result');
    expect(await bar.textContent()).toContain('股权价值为负');
    expect(await bar.getByTestId('warning-mark').getAttribute('data-codes')).toContain('negative_equity_value');
    expect(await dataDate(bar)).toMatchObject({ stale: 'true', color: AMBER });
    expect(await page.getByTestId('valuation-warnings').first().textContent()).toContain('股权价值为负');

    await page.goto(`/wacc-tool?company=${encodeURIComponent(NEGATIVE)}`);
    const value = page.getByTestId('wacc-component-value');
    await expect
      .poll(() => page.getByTestId('wacc-value-per-share').textContent(), { timeout: 20_000 })
      .toBe(NOT_APPLICABLE);
    expect(await value.textContent()).toContain('股权价值为负');
    expect(await dataDate(value)).toMatchObject({ stale: 'true', color: AMBER });
    expect(await page.getByTestId('valuation-warnings').textContent()).toContain('股权价值为负');
    await context.close();
  });

  it('a bank: valued by excess returns, never as an FCFF DCF, the model named in the valuation module', async () => {
    const token = await adminToken(baseURL, adminPassword);
    const form = new FormData();
    for (const kind of ['zcfzb', 'lrb'] as const) {
      form.append('files', new File([bankCsv(kind)], `${kind}${BANK_CODE}.csv`, { type: 'text/csv' }));
    }
    const upload = await fetch(`${baseURL}/api/upload_excel`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);

    const valued = await fetch(`${baseURL}/api/home/dcf_valuation/${BANK_CODE}`);
    expect(valued.status).toBe(200);
    const body = (await valued.json()) as { data: { model: string } };
    expect(body.data.model).toBe('excess_return');
    const refused = await fetch(`${baseURL}/api/data/valuation-results/${BANK_CODE}`);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { code: string }).code).toBe('financial_company');

    const { context, page } = await newPage(browser, baseURL);
    await page.goto(`/?company=${BANK_CODE}`);
    const module = page.getByTestId('report-module-fcf-valuation');
    await expect.poll(() => module.textContent(), { timeout: 20_000 }).toContain('超额收益');
    expect(await page.getByTestId('dcf-value-per-share').count()).toBe(0);
    expect(await page.getByTestId('report-module-profitability').count()).toBe(1);
    expect(await page.getByTestId('report-module-roe-roic').count()).toBe(1);

    // Quoted, the bank has a screener row flagged financial_company; hidden by default only while its value
    // is not meaningful (no value at all), else listed with its model.
    const quotes = new FormData();
    const quoteCsv = '代码,名称,日期,收盘价(元),总股本(股)\n601166,兴业银行,2025-06-30,18.50,20774190751\n';
    quotes.append('files', new File([quoteCsv], 'bank-quote.csv', { type: 'text/csv' }));
    const quoted = await fetch(`${baseURL}/api/upload_quotes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: quotes,
    });
    expect(quoted.status, await quoted.clone().text()).toBe(200);
    type Rows = {
      data: { rows: { code: string; industry: string; flags: string[]; value_per_share: number | null }[] };
    };
    const all = (await (await fetch(`${baseURL}/api/data/screener?hide_flagged=0&limit=500`)).json()) as Rows;
    const bankRow = all.data.rows.find((row) => row.code === BANK_CODE);
    expect(bankRow?.flags).toContain('financial_company');
    const hiddenByDefault = bankRow?.value_per_share === null;
    const shown = (await (await fetch(`${baseURL}/api/data/screener?limit=500`)).json()) as Rows;
    expect(shown.data.rows.map((row) => row.code).includes(BANK_CODE)).toBe(!hiddenByDefault);

    await page.goto('/screener');
    await page.getByTestId('screener-count').waitFor({ timeout: 20_000 });
    await page
      .locator('.screener__filters select')
      .nth(1)
      .selectOption(bankRow?.industry ?? '');
    const bank = page.locator(`[data-testid="screener-row"][data-company="${BANK_CODE}"]`);
    if (hiddenByDefault) {
      expect(await bank.count()).toBe(0);
      await page.getByRole('button', { name: '显示估值无意义的公司' }).click();
    }
    await bank.waitFor({ timeout: 20_000 });
    expect(await bank.getByTestId('warning-mark').getAttribute('data-codes')).toContain('financial_company');
    expect(await bank.getByTestId('warning-mark').getAttribute('aria-label')).toContain('超额收益');
    await context.close();
  });
});
