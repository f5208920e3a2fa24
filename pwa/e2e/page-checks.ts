import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The page fits its viewport's width: nothing scrolls sideways (a 390 px phone). */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

/** `UPDATE_SCREENSHOTS=1` refreshes docs/screenshots/ (docs/app.md); otherwise no picture is taken. */
export async function saveScreenshot(page: Page, name: string, fullPage = false): Promise<void> {
  if (!process.env.UPDATE_SCREENSHOTS) return;
  await page.screenshot({ path: new URL(`../../docs/screenshots/${name}`, import.meta.url).pathname, fullPage });
}

/** Signs in through the API (the login form has its own test): the bearer token and the account the app keeps. */
export async function apiLogin(
  baseURL: string,
  username: string,
  password: string,
): Promise<{ token: string; user: unknown }> {
  const response = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; user: unknown };
  return { token: body.access_token, user: body.user };
}

/**
 * Registers an account through the API as a caller of the network `address` (sent as X-Forwarded-For: the
 * test server trusts one proxy). Each test file registers from a network of its own, so the per-network
 * registration limit (5 an hour) is not spent before the registration form's own test reaches it.
 */
export async function apiRegister(baseURL: string, username: string, password: string, address: string): Promise<void> {
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: JSON.stringify({ username, email: `${username}@example.com`, password }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

/** The admin's bearer token. */
export async function adminToken(baseURL: string, password: string): Promise<string> {
  return (await apiLogin(baseURL, 'admin', password)).token;
}

/** Uploads one statement file as the admin, as the upload page does; the upload must be accepted. */
export async function uploadStatementFile(baseURL: string, password: string, file: URL, name: string): Promise<void> {
  const form = new FormData();
  form.append('files', new File([readFileSync(file)], name));
  const response = await fetch(`${baseURL}/api/upload_excel`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await adminToken(baseURL, password)}` },
    body: form,
  });
  expect(response.status).toBe(200);
}
