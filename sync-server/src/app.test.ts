import { companyListAnswer, dcfValuationAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from './testing/answers.ts';
import { startTestPlatform, type TestPlatform } from './testing/test-platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

describe('the seeded platform', () => {
  it('lists the fixture companies', async () => {
    const response = await platform.call('GET', '/api/data/available-companies');
    const body = await answerOf(response, companyListAnswer);
    expect(body.success).toBe(true);
    expect(body.data.map((company) => company.code)).toContain('600298');
  });

  it('values a company by name, URL-encoded', async () => {
    const response = await platform.call('GET', `/api/home/dcf_valuation/${encodeURIComponent('安琪酵母')}`);
    const body = await answerOf(response, dcfValuationAnswer);
    expect(body.data.valuation.value_per_share).toBeGreaterThan(0);
  });
});
