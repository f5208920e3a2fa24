import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('register, log in, log out', () => {
  it('refuses invalid input with its messages, then registers and logs in', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/register');
    await page.locator('input[name="username"]').fill('ab');
    await page.locator('input[name="email"]').fill('not-an-email');
    await page.locator('input[name="password"]').fill('short');
    await page.locator('input[name="confirmPassword"]').fill('different');
    await page.locator('form button[type="submit"]').click();
    const text = () => page.locator('form').textContent();
    await expect.poll(text).toContain('用户名至少需要3个字符');
    expect(await text()).toContain('请输入有效的邮箱地址');
    expect(await text()).toContain('密码至少需要8个字符');
    expect(await text()).toContain('两次输入的密码不一致');

    await page.locator('input[name="username"]').fill('reader_2026');
    await page.locator('input[name="email"]').fill('reader@example.com');
    await page.locator('input[name="password"]').fill('Reader2026');
    await page.locator('input[name="confirmPassword"]').fill('Reader2026');
    await page.locator('form button[type="submit"]').click();
    await expect.poll(() => page.locator('body').textContent()).toContain('注册成功');
    await page.waitForURL('**/login', { timeout: 10_000 });

    await page.locator('input[name="username"]').fill('reader_2026');
    await page.locator('input[name="password"]').fill('Reader2026');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await expect.poll(() => page.locator('.site-header').textContent()).toContain('欢迎，reader_2026');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await page.locator('.site-header').textContent()).not.toContain('管理后台');

    await page.getByRole('button', { name: '退出登录' }).click();
    await expect.poll(() => page.locator('.site-header').textContent()).toContain('登录');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server ended the token too: a copy of it signs no one in.
    const statusOfCopy = () =>
      page.evaluate(
        async (bearer) =>
          (await fetch('/api/user/watchlist', { headers: { Authorization: `Bearer ${bearer}` } })).status,
        token,
      );
    await expect.poll(statusOfCopy).toBe(401);
    await context.close();
  });

  it('shows the server’s message for a wrong password', async () => {
    const { context, page } = await newPage(browser, baseURL);
    await page.goto('/login');
    const submit = page.locator('form button[type="submit"]');
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('wrong-password');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    // A wrong password is answered after the password check and any slow-down the throttle adds (up to 4 s).
    await expect.poll(() => page.locator('form').textContent(), { timeout: 20_000 }).toContain('用户名或密码错误');
    await context.close();
  });
});
