import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { logField, requestLog } from './request-log.ts';

describe('logField', () => {
  it('escapes control characters, separators, direction controls and the backslash', () => {
    expect(logField('/a\nb\rc\td\u0000e\u007f\u0085')).toBe('/a\\x0ab\\x0dc\\x09d\\x00e\\x7f\\x85');
    expect(logField('x\u2028y\u202ez')).toBe('x\\u2028y\\u202ez');
    expect(logField('a\\x0ab')).toBe('a\\x5cx0ab');
  });

  it('leaves ordinary paths, Chinese included, as they are', () => {
    expect(logField('/api/home/dcf_valuation/安琪酵母')).toBe('/api/home/dcf_valuation/安琪酵母');
  });
});

describe('requestLog', () => {
  it('writes one line per request even when the path carries %0A (no forged lines)', async () => {
    const lines: string[] = [];
    const app = new Hono().use(
      '*',
      requestLog((line) => lines.push(line)),
    );
    app.get('*', (c) => c.text('ok'));
    const forged = '/api/x%0A2026-01-01T00:00:00.000Z%20POST%20/api/admin/reset%20200%201.0ms%0D';
    await app.request(forged);
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    expect(line.split(/[\r\n]/)).toHaveLength(1);
    expect(line).toContain('/api/x\\x0a2026-01-01T00:00:00.000Z POST /api/admin/reset 200 1.0ms\\x0d');
    expect(line).toMatch(/ GET \S+ .* 200 \d+\.\dms$/);
  });
});
