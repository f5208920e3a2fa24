import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  companiesStatusAnswer,
  errorAnswer,
  quoteSnapshotsAnswer,
  quoteUploadAnswer,
  uploadAnswer,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bogusSignatureBomb, understatedBomb } from '../ingest/testing/bomb-workbooks.ts';
import { UPLOAD_LIMITS } from '../routes/upload-form.ts';
import { conforming } from '../testing/answers.ts';
import { type ServerProcess, spawnServer } from '../testing/server-process.ts';
import { TEST_ADMIN } from '../testing/test-platform.ts';

/**
 * Hostile uploads against a real server process (docs/operations.md, "Upload limits"): an .xlsx of about
 * a megabyte whose sheet inflates to 600 MB (its sizes understated, or its local header hidden behind a
 * central-directory signature) used to abort the process or grow it by gigabytes; a 99 MB body used to be
 * parsed in one go on the event loop, holding every other request for seconds.
 */

const MB = 1024 * 1024;
/** How near its starting memory the server must come back. */
const RETURNED_WITHIN = 100 * MB;
/**
 * The longest a health check may wait while a large body streams in. Generous for a loaded machine: what
 * it guards against is the whole body parsed at once, which held the event loop 2–3 s.
 */
const HEALTH_WAIT_LIMIT_MS = 1_000;

let dir: string;
let server: ServerProcess;
let base: string;
let port: number;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-upload-bombs-'));
  server = spawnServer('main', {
    DATABASE_URL: `file:${join(dir, 'fcf.db')}`,
    STATIC_DIR: join(dir, 'no-dist'),
    PORT: '0',
    LOG_REQUESTS: '0',
    // The worker thread exits soon after its task, so what it held shows as given back.
    WORKER_IDLE_MS: '300',
  });
  port = await server.port();
  base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  token = ((await login.json()) as { access_token: string }).access_token;
}, 60_000);

afterAll(() => {
  server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** The server's resident memory, from /proc. */
function serverRss(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kilobytes)) throw new Error('no VmRSS');
  return kilobytes * 1024;
}

async function get(path: string): Promise<Response> {
  return fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** What the uploads could write: companies and quote dates. */
async function stored() {
  const status = conforming(companiesStatusAnswer, await (await get('/api/data/companies-status')).json());
  const quotes = conforming(quoteSnapshotsAnswer, await (await get('/api/admin/quote-snapshots')).json());
  return { companies: status.data.statistics.total_companies, quoteDates: quotes.data.length };
}

/** `promise`, or a failure naming how the server process ended if it ends first. */
function whileAlive<T>(promise: Promise<T>): Promise<T> {
  const ended = server.exited.then((code) =>
    Promise.reject(new Error(`the server process ended (${code}):\n${server.stderr().slice(-1500)}`)),
  );
  ended.catch(() => undefined);
  return Promise.race([promise, ended]);
}

async function upload(route: string, name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('files', new File([bytes], name));
  const headers = { Authorization: `Bearer ${token}` };
  return whileAlive(fetch(`${base}/api/${route}`, { method: 'POST', body: form, headers }));
}

/** Both upload routes, and how to read each file's result from their answers. */
const ROUTES = [
  { route: 'upload_excel', results: (body: unknown) => conforming(uploadAnswer, body).uploaded_files },
  { route: 'upload_quotes', results: (body: unknown) => conforming(quoteUploadAnswer, body).files },
] as const;

const BOMBS = { 'understated sizes': understatedBomb(), 'a bogus local-header signature': bogusSignatureBomb() };

describe('zip bombs against a running server', () => {
  it('answers each on both routes with a 4xx naming the contradiction, writes nothing, and stays alive and small', async () => {
    expect((await fetch(`${base}/api/data/health`)).status).toBe(200);
    const before = await stored();
    const baseline = serverRss();
    for (const { route, results } of ROUTES) {
      for (const [bomb, bytes] of Object.entries(BOMBS)) {
        const answer = await upload(route, '000333-利润表.xlsx', bytes);
        const body: unknown = await answer.json();
        expect(answer.status, `${route}, ${bomb}`).toBe(400);
        // The error envelope (success, message, detail naming each file's reason) and the file's own result.
        expect(body).toMatchObject({
          success: false,
          message: expect.any(String),
          detail: expect.stringMatching(/^000333-利润表\.xlsx：Excel 文件结构前后矛盾/),
        });
        expect(results(body)).toEqual([
          expect.objectContaining({
            success: false,
            error: expect.stringMatching(/^Excel 文件结构前后矛盾（条目“xl\/worksheets\/sheet1\.xml”/),
          }),
        ]);
      }
    }
    expect((await fetch(`${base}/api/data/health`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(await stored()).toEqual(before);
    await vi.waitFor(() => expect(serverRss() - baseline).toBeLessThan(RETURNED_WITHIN), {
      timeout: 15_000,
      interval: 250,
    });
  });
});

/** POSTs a multipart body of one file of `fileBytes` bytes, written 1 MB at a time as the socket takes it. */
function postLargeForm(fileBytes: number): Promise<{ status: number; body: string }> {
  const boundary = 'fcf-large-body';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="lrb600298.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(MB, 0x41);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/upload_excel',
        method: 'POST',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + fileBytes + tail.length,
          Authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (data: Buffer) => {
          body += data.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    let left = fileBytes;
    const write = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!req.write(piece)) {
          req.once('drain', write);
          return;
        }
      }
      req.end(tail);
    };
    req.write(head);
    write();
  });
}

describe('large bodies', () => {
  it('keep health answering while 99 MB stream in; the file over its limit is refused on its own', async () => {
    const waits: number[] = [];
    let done = false;
    const polling = (async () => {
      while (!done) {
        const started = performance.now();
        const health = await fetch(`${base}/api/data/health`);
        await health.text();
        expect(health.status).toBe(200);
        waits.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const answer = await whileAlive(postLargeForm(99 * MB));
    done = true;
    await polling;
    expect(answer.status).toBe(400);
    expect(conforming(uploadAnswer, JSON.parse(answer.body)).uploaded_files).toEqual([
      expect.objectContaining({ success: false, error: '文件过大：单个文件上限 10 MB' }),
    ]);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits), `health waits: ${waits.map((wait) => wait.toFixed(0)).join(', ')} ms`).toBeLessThan(
      HEALTH_WAIT_LIMIT_MS,
    );
  });

  it('refuses a declared length over the request limit with 413 before a byte of the body is sent', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path: '/api/upload_quotes',
        method: 'POST',
        headers: {
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': UPLOAD_LIMITS.maxRequestBytes + 1,
          Authorization: `Bearer ${token}`,
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (data: Buffer) => {
          body += data.toString('utf8');
        });
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(conforming(errorAnswer, JSON.parse(answer.body)).message).toBe('上传内容过大：单次上传合计不超过 100 MB');
    expect((await fetch(`${base}/api/data/health`)).status).toBe(200);
  });
});
