import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu'] });
for (const [path, ready] of [['/', '[data-testid="dcf-value-per-share"]'], ['/valuation-custom?company=%E7%BE%8E%E7%9A%84%E9%9B%86%E5%9B%A2', '[data-testid="custom-value-per-share"]'], ['/industry-research', 'h1']]) {
  const context = await browser.newContext({ baseURL: 'http://127.0.0.1:8931', viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForTimeout(800);
  const small = await page.evaluate(() => {
    const out = {}; let total = 0, count = 0;
    for (const el of document.querySelectorAll('a[href], button, input, select, textarea, [role="button"], summary')) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('.visually-hidden')) continue;
      total++;
      if (r.width < 44 || r.height < 44) {
        count++;
        const key = `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(r.width)}x${Math.round(r.height)}`;
        out[key] = (out[key] || 0) + 1;
      }
    }
    return { total, count, out };
  });
  console.log(path, small.count, '/', small.total);
  for (const [k, v] of Object.entries(small.out)) console.log('   ', v, k);
  await context.close();
}
await browser.close();
