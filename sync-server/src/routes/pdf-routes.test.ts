import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** The PDF request (docs/requirements.md#api) as the analysis page sends it. */
function pdfRequest(company: string) {
  return {
    userId: company,
    reportType: 'standard',
    template: 'default',
    dataSnapshot: {
      companyName: company,
      generatedAt: '2026-05-01T06:30:05.000Z',
      requestSource: 'analysis-page',
      timestamp: 1777617005000,
      version: '3.3.0-optimized',
    },
  };
}

const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

describe('POST /api/pdf/generate', () => {
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.close());

  it('answers the company report as a PDF download, without a token', async () => {
    const response = await platform.call('POST', '/api/pdf/generate', { body: pdfRequest('美的集团') });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('attachment');
    expect(response.headers.get('content-security-policy')).toBe('sandbox');
    expect(disposition).toContain('filename="000333-report.pdf"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('美的集团-财务分析报告.pdf')}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1000);
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');

    if (!hasPoppler) return;
    const file = join(platform.dir, 'midea.pdf');
    writeFileSync(file, bytes);
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '');
    expect(text).toContain('美的集团');
    expect(text).toContain('000333');
    expect(text).toContain('每股价值');
  });

  it('takes the company from userId alone, by name or code', async () => {
    const response = await platform.call('POST', '/api/pdf/generate', { body: { userId: '000651' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(encodeURIComponent('格力电器-财务分析报告.pdf'));
  });

  it('answers 404 with the Chinese message for an unknown company', async () => {
    const response = await platform.call('POST', '/api/pdf/generate', { body: pdfRequest('不存在的公司') });
    const body = await refusalOf(response, 404);
    expect(body.message).toBe('未找到公司"不存在的公司"的数据，请确认名称或代码');
  });

  it('answers 400 for a body without a company, of the wrong shape, or not JSON', async () => {
    for (const body of [
      {},
      { userId: '', dataSnapshot: { companyName: '' } },
      { userId: 42 },
      { userId: '美的集团', reportType: 'deluxe' },
      'not json',
    ]) {
      const response = await platform.call('POST', '/api/pdf/generate', { body });
      const answer = await refusalOf(response, 400);
      expect(answer.message).toMatch(/参数错误|请求格式错误/);
    }
  });

  it('answers 503 when the font is missing', async () => {
    const broken = await startTestPlatform({ fontPath: join(platform.dir, 'missing.ttf') });
    try {
      const response = await broken.call('POST', '/api/pdf/generate', { body: pdfRequest('美的集团') });
      expect((await refusalOf(response, 503)).message).toBe('PDF服务暂时不可用');
    } finally {
      broken.close();
    }
  });
});
