import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, launched with the flags this machine needs (the closed network refuses its background calls). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A browser with a real profile on disk: Chromium reports every context of a plain launch as incognito,
 * where an app cannot be installed.
 */
export function launchProfile(userDataDir: string, baseURL: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: DESKTOP,
    locale: 'zh-CN',
  });
}

export const DESKTOP = { width: 1366, height: 900 } as const;
export const MOBILE = { width: 390, height: 844 } as const;

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'zh-CN',
    serviceWorkers: 'allow',
    ...(viewport.width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Waits until every section of the report shows its figures: the first comes at once, the others one per
 * task after it (pwa/src/report/ReportModules.tsx).
 */
export async function waitForReportSections(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('.report-module') !== null &&
      document.querySelector('.report-module[aria-busy="true"]') === null,
    null,
    { timeout: 20_000, polling: 100 },
  );
}

/**
 * Waits until the service worker controls the page, so an offline reload is served from its cache. A page
 * whose navigation began while the worker was still installing misses the worker's clients.claim() (it ran
 * before the page existed) and stays uncontrolled for good: such a page is reloaded, through the worker now
 * active. Call it before the page holds anything it would lose by a reload.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await controlled()) return;
  await page.reload();
  if (!(await controlled())) throw new Error('service worker is active but does not control the page');
}

/** Signs a browser context in as the admin through the API (the login form has its own test). */
export async function signInContext(context: BrowserContext, baseURL: string, password: string): Promise<void> {
  const response = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });
  const { access_token, user } = (await response.json()) as { access_token: string; user: unknown };
  await context.addInitScript(
    ([token, account]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', account);
    },
    [access_token, JSON.stringify(user)] as const,
  );
}

/**
 * In the page: how many records the object store `name` of the app's IndexedDB holds (`BUNDLES_TABLE`: companies
 * kept offline). Self-contained, so any driver can run it in the page.
 */
export function countInPage(name: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('fcf-valuation');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const count = open.result.transaction(name).objectStore(name).count();
      count.onsuccess = () => {
        open.result.close();
        resolve(count.result);
      };
      count.onerror = () => reject(count.error);
    };
  });
}

/** How many records an object store of the app's IndexedDB holds, in a Playwright page. */
export function countStored(page: Page, store: string): Promise<number> {
  return page.evaluate(countInPage, store);
}
