import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { countStored, launchBrowser, MOBILE, newPage, waitForServiceWorker } from './browser.ts';
import { apiLogin, apiRegister } from './page-checks.ts';

/**
 * Valuation scenarios at 390 px (docs/sync.md, the `scenarios` table): saved offline, synced on
 * reconnect, seen in a second browser of the same user and never by another user, who may open them
 * from a share link and save copies; a bank's scenarios of ROE, Ke and g (its range by excess returns) alike.
 */
const MIDEA = '美的集团';
const BANK = '601398';
const baseURL = inject('baseURL');
const stamp = Date.now().toString(36);
const PASSWORD = 'Scenario-Test-2026';

let browser: Browser;
const accounts = new Map<string, { token: string; user: string }>();

async function account(username: string) {
  await apiRegister(baseURL, username, PASSWORD, '10.0.17.1');
  const { token, user } = await apiLogin(baseURL, username, PASSWORD);
  accounts.set(username, { token, user: JSON.stringify(user) });
}

const ANN = `ann_${stamp}`;
const BOB = `bob_${stamp}`;
const CY = `cy_${stamp}`;
const DI = `di_${stamp}`;

beforeAll(async () => {
  browser = await launchBrowser();
  for (const user of [ANN, BOB, CY, DI]) await account(user);
});
afterAll(async () => {
  await browser?.close();
});

/** A phone signed in as `username`. */
async function phoneOf(username: string) {
  const device = await newPage(browser, baseURL, MOBILE);
  const signedIn = accounts.get(username);
  await device.context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [signedIn?.token ?? '', signedIn?.user ?? ''] as const,
  );
  return device;
}

/** The user's live scenarios on the server, as their pull answers them. */
async function serverRows(username: string): Promise<{ name: string; model: string; inputs: object }[]> {
  const response = await fetch(`${baseURL}/api/sync/pull?cursor=0&tables=scenarios`, {
    headers: { Authorization: `Bearer ${accounts.get(username)?.token}` },
  });
  const body = (await response.json()) as {
    data: { changes: { data: { name: string; model: string; inputs: object } | null }[] };
  };
  return body.data.changes.flatMap((change) => (change.data ? [change.data] : []));
}
const serverScenarios = async (username: string) => (await serverRows(username)).map((row) => row.name);

const rows = (page: Page) =>
  page.getByTestId('saved-scenario-row').evaluateAll((items) => items.map((item) => item.textContent ?? ''));

async function openValuation(page: Page, query = `company=${encodeURIComponent(MIDEA)}`) {
  await page.goto(`/valuation-custom?${query}`);
  await page.getByTestId('custom-value-per-share').waitFor({ timeout: 30_000 });
}

async function saveScenario(page: Page, name: string, weight: string) {
  await page.getByTestId('scenario-name').fill(name);
  await page.getByTestId('scenario-weight').fill(weight);
  await page.getByTestId('scenario-save').click();
}

describe('valuation scenarios, synced per user', () => {
  let shareLink = '';

  it('a scenario saved offline waits on the phone, syncs on reconnect and reaches the user’s other browser', async () => {
    const phone = await phoneOf(ANN);
    await openValuation(phone.page);
    await waitForServiceWorker(phone.page);
    await phone.page.getByTestId('scenario-save').waitFor({ timeout: 20_000 });

    await phone.context.setOffline(true);
    await saveScenario(phone.page, '乐观', '25');
    await expect.poll(() => rows(phone.page), { timeout: 10_000 }).toEqual([expect.stringContaining('乐观')]);
    expect((await rows(phone.page))[0]).toContain('25.00%');
    expect(await countStored(phone.page, 'clientOutbox')).toBe(1);
    expect(await serverScenarios(ANN)).toEqual([]);
    // Kept on the device: still there after a reload offline.
    await phone.page.reload();
    await expect.poll(() => rows(phone.page), { timeout: 30_000 }).toEqual([expect.stringContaining('乐观')]);
    const widths = await phone.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    await phone.context.setOffline(false);
    await expect.poll(() => serverScenarios(ANN), { timeout: 30_000 }).toEqual(['乐观']);
    await expect.poll(() => countStored(phone.page, 'clientOutbox'), { timeout: 20_000 }).toBe(0);
    shareLink = (await phone.page.getByTestId('scenario-share-link').getAttribute('href')) ?? '';
    await phone.context.close();

    const laptop = await phoneOf(ANN);
    await openValuation(laptop.page);
    await expect.poll(() => rows(laptop.page), { timeout: 30_000 }).toEqual([expect.stringContaining('乐观')]);
    await laptop.context.close();
  });

  it('another user never sees them; a share link shows them read-only and saves copies as their own', async () => {
    const other = await phoneOf(BOB);
    await openValuation(other.page);
    await other.page.getByTestId('scenario-save').waitFor({ timeout: 20_000 });
    await saveScenario(other.page, '悲观', '25');
    await expect.poll(() => serverScenarios(BOB), { timeout: 30_000 }).toEqual(['悲观']);
    // Bob's own scenario came back through his pull; Ann's never did.
    await other.page.reload();
    await expect.poll(() => rows(other.page), { timeout: 30_000 }).toEqual([expect.stringContaining('悲观')]);

    expect(shareLink).toContain('scenarios=');
    await openValuation(other.page, new URL(shareLink).search.slice(1));
    const shared = other.page.getByTestId('shared-scenario-row');
    await expect.poll(() => shared.count(), { timeout: 20_000 }).toBe(1);
    expect(await shared.textContent()).toContain('乐观');
    await other.page.getByTestId('shared-scenarios-save').click();
    await expect.poll(() => serverScenarios(BOB), { timeout: 30_000 }).toEqual(['悲观', '乐观']);
    await expect
      .poll(() => rows(other.page))
      .toEqual([expect.stringContaining('悲观'), expect.stringContaining('乐观')]);
    expect(await serverScenarios(ANN)).toEqual(['乐观']);
    await other.context.close();
  });

  it('a bank’s excess-return scenario edited offline updates the range, syncs, and reaches only its user', async () => {
    const roeOfBull = (page: Page) => page.getByLabel('乐观：常态化ROE（%）');
    const openBank = async (page: Page) => {
      await page.goto(`/valuation-custom?company=${BANK}`);
      await roeOfBull(page).waitFor({ timeout: 60_000 });
    };
    const phone = await phoneOf(CY);
    await openBank(phone.page);
    await waitForServiceWorker(phone.page);
    await phone.page.getByTestId('mc-histogram').waitFor({ timeout: 60_000 });
    const weighted = await phone.page.getByTestId('weighted-value').textContent();
    const runs = () => phone.page.evaluate(() => performance.getEntriesByName('mc-run').length);
    const runsBefore = await runs();

    await phone.context.setOffline(true);
    await roeOfBull(phone.page).fill('20');
    await roeOfBull(phone.page).press('Enter');
    // The weighted value follows the edit, offline, and the simulation runs again against it.
    await expect.poll(() => phone.page.getByTestId('weighted-value').textContent()).not.toBe(weighted);
    await expect.poll(runs, { timeout: 60_000 }).toBeGreaterThan(runsBefore);
    await expect.poll(() => rows(phone.page), { timeout: 10_000 }).toHaveLength(3);
    for (const row of await rows(phone.page)) expect(row).toContain('超额收益模型');
    expect(await serverScenarios(CY)).toEqual([]);
    const widths = await phone.page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    await phone.context.setOffline(false);
    await expect.poll(async () => (await serverRows(CY)).length, { timeout: 30_000 }).toBe(3);
    const bull = (await serverRows(CY)).find((row) => row.name === '乐观');
    expect(bull).toMatchObject({ model: 'excess_return', inputs: { normalised_roe: 0.2 } });
    await expect.poll(() => countStored(phone.page, 'clientOutbox'), { timeout: 20_000 }).toBe(0);
    await phone.context.close();

    const laptop = await phoneOf(CY);
    await openBank(laptop.page);
    await expect.poll(() => roeOfBull(laptop.page).inputValue(), { timeout: 30_000 }).toMatch(/^20(\.0+)?$/);
    await expect.poll(() => rows(laptop.page), { timeout: 30_000 }).toHaveLength(3);
    await laptop.context.close();

    const other = await phoneOf(DI);
    await openBank(other.page);
    await other.page.getByTestId('scenario-save').waitFor({ timeout: 20_000 });
    expect(await rows(other.page)).toEqual([]);
    expect(await roeOfBull(other.page).inputValue()).not.toMatch(/^20(\.0+)?$/);
    expect(await serverScenarios(DI)).toEqual([]);
    await other.context.close();
  }, 240_000);
});
