import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, MOBILE, newPage, signInContext, waitForServiceWorker } from './browser.ts';

const MIDEA = encodeURIComponent('美的集团');
const baseURL = inject('baseURL');
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WIDE = { width: 1440, height: 900 } as const;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Lighthouse's "slow 4G" (DevTools throttling) and a 4× slower CPU, through the DevTools protocol. */
async function throttle(page: Page): Promise<() => Promise<void>> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return () => session.detach();
}

/** Cumulative layout shift of a page load: every shift not caused by input, summed (stricter than CLS). */
async function layoutShift(page: Page, path: string, ready: string): Promise<number> {
  await page.addInitScript(() => {
    const state = window as unknown as { shift: number };
    state.shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) state.shift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const detach = await throttle(page);
  await page.goto(path);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  // Late arrivals (charts, fonts, the company list) shift the page too: wait for the network to settle.
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForTimeout(1000);
  await detach();
  return page.evaluate(() => (window as unknown as { shift: number }).shift);
}

const PAGES = [
  { name: 'home', path: '/', ready: '[data-testid="report-module-fcf-valuation"]' },
  { name: 'report', path: `/valuation-home?company=${MIDEA}`, ready: '[data-testid="dcf-value-per-share"]' },
  {
    name: 'custom valuation',
    path: `/valuation-custom?company=${MIDEA}`,
    ready: '[data-testid="custom-value-per-share"]',
  },
] as const;

describe('layout stability under slow 4G and a 4× slower CPU', () => {
  for (const viewport of [MOBILE, WIDE]) {
    for (const target of PAGES) {
      it(`${target.name} at ${viewport.width} px shifts less than 0.1`, async () => {
        const { context, page } = await newPage(browser, baseURL, viewport);
        const shift = await layoutShift(page, target.path, target.ready);
        console.log(`CLS ${target.name} ${viewport.width}: ${shift.toFixed(3)}`);
        expect(shift).toBeLessThan(0.1);
        await context.close();
      });
    }
  }
});

describe('the report skeleton', () => {
  for (const viewport of [MOBILE, { width: 600, height: 900 }, WIDE]) {
    it(`reserves each module's final height at ${viewport.width} px (pwa/src/report/report-skeleton.css)`, async () => {
      const { context, page } = await newPage(browser, baseURL, viewport);
      await page.goto(`/valuation-home?company=${MIDEA}`);
      await page.getByTestId('dcf-value-per-share').waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const heights = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('.report-module')].map((section) => ({
            module: section.id,
            reserved: getComputedStyle(section).getPropertyValue('--report-module-height').trim(),
            final: `${Math.round(section.getBoundingClientRect().height)}px`,
          })),
        );
      // As shown: sections off screen are not laid out yet and stand at their reserved height.
      const shown = await heights();
      expect(shown.map(({ module, final }) => ({ module, reserved: final }))).toEqual(
        shown.map(({ module, reserved }) => ({ module, reserved })),
      );
      // Every section laid out: each fills exactly the height reserved for it.
      await page.addStyleTag({ content: '.report-module { content-visibility: visible !important; }' });
      const laidOut = await heights();
      expect(laidOut.map(({ module, final }) => ({ module, reserved: final }))).toEqual(
        laidOut.map(({ module, reserved }) => ({ module, reserved })),
      );
      await context.close();
    });
  }
});

const AXE_PAGES = [
  { path: '/', ready: '[data-testid="dcf-value-per-share"]' },
  { path: `/valuation-home?company=${MIDEA}`, ready: '[data-testid="dcf-value-per-share"]' },
  { path: `/valuation-custom?company=${MIDEA}`, ready: '[data-testid="custom-value-per-share"]' },
  { path: '/industry-research', ready: 'h1' },
  { path: '/login', ready: 'input[name="username"]' },
  { path: '/register', ready: 'input[name="username"]' },
  { path: '/us-valuation', ready: 'h1' },
  { path: '/compare?codes=000333,000651,600690', ready: '[data-testid="compare-chart"] canvas' },
  { path: '/screener', ready: '[data-testid="screener-row"]' },
  { path: `/wacc?company=${MIDEA}`, ready: '[data-testid="wacc-component-applied"]' },
  { path: `/valuation-model?company=${MIDEA}`, ready: '[data-testid="model-value-per-share"]' },
] as const;

/** axe-core's serious and critical violations on the page as it stands. */
async function seriousViolations(page: Page) {
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses an injected <script>.
  await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  return page.evaluate(async () => {
    interface AxeResults {
      violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document);
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`),
      }));
  });
}

describe('accessibility (axe-core) at 390 px', () => {
  for (const target of AXE_PAGES) {
    it(`${target.path} has no serious or critical violation`, async () => {
      const { context, page } = await newPage(browser, baseURL, MOBILE);
      await page.goto(target.path);
      // A chart is drawn when it comes near the viewport: scrolled to, as a reader would.
      if (target.ready.includes('canvas'))
        await page.locator(target.ready.replace(' canvas', '')).first().scrollIntoViewIfNeeded();
      await page.locator(target.ready).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it('the back office pages have none either', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await signInContext(context, baseURL, inject('adminPassword'));
    for (const path of [
      '/admin/upload',
      '/admin/forecast',
      '/admin/pdf',
      '/admin/menus',
      '/admin/quotes',
      `/fcf-parameters?company=${MIDEA}`,
    ]) {
      await page.goto(path);
      await page.locator('h1, h2').first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
    }
    await context.close();
  });

  it('a report read offline (the offline banner shown) has none', async () => {
    const { context, page } = await newPage(browser, baseURL, MOBILE);
    await page.goto(`/?company=${MIDEA}`);
    await page.getByTestId('dcf-value-per-share').waitFor({ timeout: 20_000 });
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-indicator').waitFor({ timeout: 20_000 });
    await page.getByTestId('dcf-value-per-share').waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });
});

describe('touch targets at 390 px', () => {
  for (const target of AXE_PAGES.slice(0, 4)) {
    it(`${target.path}: every control is at least 44 × 44 px`, async () => {
      const { context, page } = await newPage(browser, baseURL, MOBILE);
      await page.goto(target.path);
      await page.locator(target.ready).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const small = await page.evaluate(() =>
        [...document.querySelectorAll('a[href], button, input, select, textarea, summary')].flatMap((element) => {
          // A radio or checkbox inside its label is tapped through the label: the label is its target.
          const target = element.matches('input[type="radio"], input[type="checkbox"]')
            ? (element.closest('label') ?? element)
            : element;
          const box = target.getBoundingClientRect();
          if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return [];
          if (element.closest('.visually-hidden, p, li > p')) return [];
          return box.width < 44 || box.height < 44
            ? [`${element.tagName} ${element.className} ${Math.round(box.width)}×${Math.round(box.height)}`]
            : [];
        }),
      );
      expect(small).toEqual([]);
      await context.close();
    });
  }
});
