import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { forwardedEntry } from './client-address.ts';
import { HSTS_VALUE } from './strict-transport.ts';

describe('Strict-Transport-Security', () => {
  let direct: TestPlatform;
  let proxied: TestPlatform;

  beforeAll(async () => {
    direct = await startTestPlatform();
    proxied = await startTestPlatform({ trustProxy: 1 });
  });
  afterAll(() => {
    direct.close();
    proxied.close();
  });

  const hsts = async (platform: TestPlatform, url: string, headers: Record<string, string> = {}) =>
    (await platform.app.request(url, { headers })).headers.get('strict-transport-security');

  it('is not sent over plain http', async () => {
    expect(await hsts(direct, 'http://localhost/api/data/health')).toBeNull();
    expect(await hsts(direct, 'http://localhost/')).toBeNull();
  });

  it('is sent when the request itself is https', async () => {
    expect(await hsts(direct, 'https://fcf.example/api/data/health')).toBe(HSTS_VALUE);
    // A cached read writes its own headers (answer-headers.ts): it must add HSTS too.
    expect(await hsts(direct, 'https://fcf.example/api/data/available-companies')).toBe(HSTS_VALUE);
    expect(await hsts(direct, 'http://localhost/api/data/available-companies')).toBeNull();
  });

  it('ignores X-Forwarded-Proto unless TRUST_PROXY is set', async () => {
    const forwarded = { 'X-Forwarded-Proto': 'https' };
    expect(await hsts(direct, 'http://localhost/api/data/health', forwarded)).toBeNull();
    expect(await hsts(proxied, 'http://localhost/api/data/health', forwarded)).toBe(HSTS_VALUE);
    expect(await hsts(proxied, 'http://localhost/', forwarded)).toBe(HSTS_VALUE);
    expect(await hsts(proxied, 'http://localhost/api/data/health', { 'X-Forwarded-Proto': 'http' })).toBeNull();
    expect(await hsts(proxied, 'http://localhost/api/data/health')).toBeNull();
  });
});

describe('forwardedEntry', () => {
  it('takes the entry the outermost trusted proxy wrote, never one the client could forge', () => {
    expect(forwardedEntry('1.2.3.4', 1)).toBe('1.2.3.4');
    expect(forwardedEntry('6.6.6.6, 1.2.3.4', 1)).toBe('1.2.3.4');
    expect(forwardedEntry('6.6.6.6, 1.2.3.4, 10.0.0.2', 2)).toBe('1.2.3.4');
    expect(forwardedEntry('1.2.3.4', 3)).toBe('1.2.3.4');
    expect(forwardedEntry('1.2.3.4', 0)).toBeUndefined();
    expect(forwardedEntry(' , ', 1)).toBeUndefined();
    expect(forwardedEntry(undefined, 1)).toBeUndefined();
    expect(forwardedEntry('x'.repeat(1000), 1)).toHaveLength(64);
  });
});
