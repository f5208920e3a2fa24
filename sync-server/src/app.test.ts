import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from './testing/test-platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

describe('the seeded platform', () => {
  it('lists the fixture companies', async () => {
    const response = await platform.call('GET', '/api/data/available-companies');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; data: { code: string; name: string }[] };
    expect(body.success).toBe(true);
    expect(body.data.map((company) => company.code)).toContain('600298');
  });

  it('values a company by name, URL-encoded', async () => {
    const response = await platform.call('GET', `/api/home/dcf_valuation/${encodeURIComponent('安琪酵母')}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { valuation: { value_per_share: number } } };
    expect(body.data.valuation.value_per_share).toBeGreaterThan(0);
  });
});
