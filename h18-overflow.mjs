import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
for (const c of ['美的集团','贵州茅台','海尔智家','格力电器','顺丰控股']) for (const path of [`/valuation-home?company=${encodeURIComponent(c)}`, `/valuation-custom?company=${encodeURIComponent(c)}`]) {
  const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8931', viewport: { width: 360, height: 800 }, locale: 'zh-CN', isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForLoadState('networkidle'); await page.waitForTimeout(500);
  const r = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth, over: [...document.querySelectorAll('dd')].filter((d) => d.scrollWidth > d.clientWidth + 1).map((d) => d.textContent) }));
  console.log(path, JSON.stringify(r));
  await context.close();
}
await browser.close();
