import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCounts } from '../testing/import-counts.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { UPLOAD_LIMITS } from './upload-form.ts';

/**
 * The upload form is read as it streams in: the request limit holds for a body of no declared length,
 * a declared length over it is refused before the body is read, and a malformed form is a 400.
 */

const BOUNDARY = 'fcf-form-test';
const CHUNK = new Uint8Array(1024 * 1024).fill(0x41);
const encoder = new TextEncoder();

/** A multipart body of one file `name` of `fileBytes` bytes, produced chunk by chunk as it is pulled. */
function streamedForm(name: string, fileBytes: number, { close = true } = {}) {
  let produced = 0;
  let sent = 0;
  const head = encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
    },
    pull(controller) {
      if (produced >= fileBytes) {
        if (close) controller.enqueue(tail);
        controller.close();
        return;
      }
      const chunk = CHUNK.subarray(0, Math.min(CHUNK.length, fileBytes - produced));
      produced += chunk.length;
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, sent: () => sent };
}

describe('reading the upload form', () => {
  let platform: TestPlatform;
  let token: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    token = await platform.adminToken();
  });
  afterAll(() => platform.close());

  function post(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
    return platform.app.request(path, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...headers,
      },
    } as RequestInit);
  }

  it('stops reading a body of no declared length once it passes the request limit: 413', async () => {
    const before = importCounts(platform.db);
    for (const path of ['/api/upload_excel', '/api/upload_quotes']) {
      const form = streamedForm('lrb600298.csv', 2 * UPLOAD_LIMITS.maxRequestBytes);
      const answer = await post(path, form.stream);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ success: false, message: '上传内容过大：单次上传合计不超过 100 MB' });
      // Read up to the limit and a chunk or two of read-ahead, not the 200 MB offered.
      expect(form.sent()).toBeLessThan(UPLOAD_LIMITS.maxRequestBytes + 4 * CHUNK.length);
    }
    expect(importCounts(platform.db)).toEqual(before);
  });

  it('refuses a declared length over the limit before reading any of the body: 413', async () => {
    const form = streamedForm('lrb600298.csv', 2 * UPLOAD_LIMITS.maxRequestBytes);
    const answer = await post('/api/upload_excel', form.stream, {
      'Content-Length': String(UPLOAD_LIMITS.maxRequestBytes + 1),
    });
    expect(answer.status).toBe(413);
    expect(form.sent()).toBeLessThanOrEqual(2 * CHUNK.length);
  });

  it('answers a file over the file limit or without a name on its own, and a cut-off form with a 400', async () => {
    const big = streamedForm('lrb600298.csv', UPLOAD_LIMITS.maxFileBytes * 3);
    const answer = await post('/api/upload_excel', big.stream);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      uploaded_files: [{ success: false, error: '文件过大：单个文件上限 10 MB' }],
    });

    const unnamed = new Blob([
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"\r\nContent-Type: application/octet-stream\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
    ]).stream();
    const noName = await post('/api/upload_excel', unnamed);
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ uploaded_files: [{ filename: '', success: false }] });

    const cut = await post('/api/upload_excel', streamedForm('lrb600298.csv', 1000, { close: false }).stream);
    expect(cut.status).toBe(400);
    expect(await cut.json()).toMatchObject({ success: false, message: expect.stringMatching(/^上传格式错误/) });
  });
});
