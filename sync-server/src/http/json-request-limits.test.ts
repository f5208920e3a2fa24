import { DRIVER_KEYS } from '@fcf/engine';
import { SYNC_SCHEMA_VERSION } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { isJsonMediaType, isUploadPath, JSON_BODY_LIMIT } from './json-request-limits.ts';

const REGISTRATION = { username: 'plain_text', email: 'plain@example.com', password: 'Abcdefg12' };

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

function post(path: string, body: string | Uint8Array | FormData, contentType?: string): Promise<Response> {
  return Promise.resolve(
    platform.app.request(path, {
      method: 'POST',
      ...(contentType ? { headers: { 'Content-Type': contentType } } : {}),
      body,
    }),
  );
}

const userCount = () => (platform.db.prepare('SELECT count(*) AS n FROM users').all([])[0] as { n: number }).n;

describe('JSON routes accept only application/json', () => {
  it.each([
    'text/plain',
    'text/plain;charset=UTF-8',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/jsonx',
    'application/json-patch+json',
  ])('refuses %s with a 415 JSON error and changes nothing', async (type) => {
    const before = userCount();
    const response = await post('/api/register', JSON.stringify(REGISTRATION), type);
    const body = await refusalOf(response, 415);
    expect(body.message).toBe('不支持的请求格式：请以 JSON 提交（Content-Type: application/json）');
    expect(body.detail).toContain(type);
    expect(userCount()).toBe(before);
  });

  it('refuses a body sent without a Content-Type (a bare byte body)', async () => {
    const response = await post('/api/login', new TextEncoder().encode('{"username":"a","password":"b"}'));
    expect(response.status).toBe(415);
  });

  it('accepts application/json in any case and with parameters', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8']) {
      const response = await post(
        '/api/login',
        JSON.stringify({ username: 'nobody_x', password: 'Whatever2026' }),
        type,
      );
      expect(response.status, type).toBe(401);
    }
  });

  it('lets a write without a body through (a DELETE reaches the guard)', async () => {
    const response = await platform.app.request('/api/top_menus/1', { method: 'DELETE' });
    expect(response.status).toBe(401);
  });

  it('leaves the multipart uploads to their own limits', async () => {
    const form = new FormData();
    form.append('files', new Blob(['x']), 'a.csv');
    expect((await post('/api/upload_excel', form)).status).toBe(401);
    expect((await post('/api/pdf-upload', form)).status).toBe(401);
  });
});

describe('isUploadPath and isJsonMediaType', () => {
  it('knows the upload routes, future /api/upload_* ones included', () => {
    expect(isUploadPath('/api/upload_excel')).toBe(true);
    expect(isUploadPath('/api/upload_quotes')).toBe(true);
    expect(isUploadPath('/api/pdf-upload')).toBe(true);
    expect(isUploadPath('/api/login')).toBe(false);
    expect(isUploadPath('/api/pdf-upload/x')).toBe(false);
    expect(isUploadPath('/api/uploads')).toBe(false);
  });

  it('reads the media type, not a prefix', () => {
    expect(isJsonMediaType(' application/json ; charset=utf-8')).toBe(true);
    expect(isJsonMediaType('application/json5')).toBe(false);
    expect(isJsonMediaType('')).toBe(false);
  });
});

describe('the 64 KB cap', () => {
  it('holds a push of 100 mutations several times over', () => {
    const longestDriver = [...DRIVER_KEYS].sort((a, b) => b.length - a.length)[0] ?? '';
    const mutations = Array.from({ length: 100 }, (_, index) => ({
      id: 1_000_000_000 + index,
      name: 'setForecastParameter',
      args: { company: '600298', year: 2029, parameter: longestDriver, value: -0.123456789012345 },
      baseVersion: 1_000_000,
    }));
    const body = JSON.stringify({ clientId: 'c'.repeat(64), schemaVersion: SYNC_SCHEMA_VERSION, mutations });
    expect(body.length).toBeLessThan(JSON_BODY_LIMIT / 3);
  });
});
