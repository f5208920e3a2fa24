import { chromium } from 'playwright-core';
const [path, width] = [process.argv[2], Number(process.argv[3])];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const mobile = width < 500;
const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8931', viewport: { width, height: mobile ? 844 : 900 }, locale: 'zh-CN', ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
const page = await context.newPage();
await page.addInitScript(() => {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.shifts.push({ t: Math.round(e.startTime), v: e.value.toFixed(4), s: e.sources.map((s) => {
        const n = s.node; const d = n && n.nodeType === 1 ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}${n.dataset?.testid ? '#' + n.dataset.testid : ''}` : n ? n.nodeName : '?';
        return `${d} ${s.previousRect.y}->${s.currentRect.y} h${s.previousRect.height}->${s.currentRect.height}`; }) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
});
const session = await context.newCDPSession(page);
await session.send('Network.enable');
await session.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
await session.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(path);
await page.waitForLoadState('networkidle', { timeout: 90000 });
await page.waitForTimeout(1500);
for (const s of await page.evaluate(() => window.shifts)) console.log(s.t, s.v, s.s.slice(0, 4).join(' | '));
await browser.close();
