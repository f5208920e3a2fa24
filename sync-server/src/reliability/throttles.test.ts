import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_USERNAME_AND_ADDRESS } from '../auth/login-throttle.ts';
import { verifyPassword } from '../auth/password.ts';
import { REGISTRATION_LIMITS } from '../auth/registration-limit.ts';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { MAX_FILE_NAME_LENGTH } from '../store/uploaded-files.ts';
import { startTestPlatform, TEST_ADMIN, type TestPlatform } from '../testing/test-platform.ts';

/**
 * The hostile replays of the throttles and the input hygiene, against a server on real loopback sockets
 * without TRUST_PROXY, so every caller is its socket's address (127.0.0.x, as the attack was run):
 * concurrent wrong passwords, a registration quota taken from the next addresses, a token after
 * sign-out, a company name with a zero-width space and a 10,000-character file name with CR/LF.
 * docs/operations.md, "Accounts and throttles", says what these guarantee.
 */

// The real scrypt check, counted: the proof that refused attempts never reach it.
vi.mock(import('../auth/password.ts'), async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const passwordChecks = vi.mocked(verifyPassword);

interface Server {
  readonly origin: string;
  close(): Promise<void>;
}

function listen(app: { fetch: (request: Request) => Response | Promise<Response> }): Promise<Server> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    );
  });
}

let platform: TestPlatform;
/** The platform's app, and a second instance on its own connection to the same database file. */
let first: Server;
let second: Server;
let secondDb: Database;
/** Every status any request of this file got. */
const statuses: number[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  first = await listen(platform.app);
  secondDb = openDatabase(databaseLocation(platform.config.databaseUrl));
  const secret = secondDb.prepare("SELECT value FROM meta WHERE key = 'jwt_secret'").all([]) as { value: string }[];
  const secondApp = createApp({
    db: secondDb,
    config: platform.config,
    jwtSecret: secret[0]?.value ?? '',
    directory: platform.directory,
    industries: platform.industries,
    workers: platform.workers,
    pause: async () => undefined,
  });
  second = await listen(secondApp);
});
afterAll(async () => {
  await first.close();
  await second.close();
  secondDb.close();
  await platform.close();
});

interface Answer {
  readonly status: number;
  readonly body: { readonly message?: string; readonly access_token?: string };
}

/** One JSON request on its own connection from the loopback address `from`. */
function send(
  server: Server,
  method: string,
  path: string,
  options: { from: string; body?: unknown; token?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const request = httpRequest(
      `${server.origin}${path}`,
      { method, headers, agent: false, localAddress: options.from },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          statuses.push(status);
          resolve({ status, body: JSON.parse(Buffer.concat(chunks).toString()) as Answer['body'] });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

const login = (server: Server, from: string, username: string, password: string) =>
  send(server, 'POST', '/api/login', { from, body: { username, password } });

const count = (answers: readonly Answer[], status: number) =>
  answers.filter((answer) => answer.status === status).length;

describe('40 concurrent wrong passwords for one user', () => {
  it('are checked no more than the limit; the rest get 429 unchecked', async () => {
    passwordChecks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) => login(first, '127.0.0.2', TEST_ADMIN.username, `Wrong-${n}-Guess`)),
    );
    expect(count(answers, 401)).toBe(MAX_FAILURES_PER_USERNAME_AND_ADDRESS);
    expect(count(answers, 429)).toBe(40 - MAX_FAILURES_PER_USERNAME_AND_ADDRESS);
    expect(passwordChecks).toHaveBeenCalledTimes(MAX_FAILURES_PER_USERNAME_AND_ADDRESS);
    const rows = platform.db
      .prepare('SELECT count(*) AS n, sum(pending) AS pending FROM login_attempts WHERE address = ?')
      .all(['127.0.0.2']);
    expect(rows).toEqual([{ n: MAX_FAILURES_PER_USERNAME_AND_ADDRESS, pending: 0 }]);
  });

  it('do not lock the owner out: the right password from another address signs in', async () => {
    const owner = await login(first, '127.0.0.9', TEST_ADMIN.username, TEST_ADMIN.password);
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toBeTruthy();
    // The attacked pair itself waits out its window (docs/operations.md says so).
    expect((await login(first, '127.0.0.2', TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(429);
  });

  it('are counted once across two server instances sharing the database', async () => {
    const account = { username: 'raced_user', email: 'raced@example.com', password: 'Raced-2026x' };
    expect((await send(first, 'POST', '/api/register', { from: '127.0.1.1', body: account })).status).toBe(201);
    passwordChecks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        login(n % 2 === 0 ? first : second, '127.0.0.3', account.username, `Wrong-${n}-Guess`),
      ),
    );
    expect(count(answers, 401)).toBe(MAX_FAILURES_PER_USERNAME_AND_ADDRESS);
    expect(passwordChecks).toHaveBeenCalledTimes(MAX_FAILURES_PER_USERNAME_AND_ADDRESS);
    expect((await login(second, '127.0.0.10', account.username, account.password)).status).toBe(200);
  });
});

describe('strangers behind the same address (a NAT, a proxy without TRUST_PROXY)', () => {
  it('cannot lock out the users who signed in from it lately', async () => {
    const colleague = { username: 'colleague', email: 'colleague@example.com', password: 'Colleague-2026' };
    expect((await send(first, 'POST', '/api/register', { from: '127.0.2.1', body: colleague })).status).toBe(201);
    expect((await login(first, '127.0.0.20', colleague.username, colleague.password)).status).toBe(200);
    const guesses = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_ADDRESS }, (_, n) =>
        login(first, '127.0.0.20', `nobody_${n}`, 'Guess-2026x'),
      ),
    );
    expect(count(guesses, 401)).toBe(MAX_FAILURES_PER_ADDRESS);
    expect((await login(first, '127.0.0.20', 'newcomer', 'Newcomer-2026')).status).toBe(429);
    expect((await login(first, '127.0.0.20', colleague.username, colleague.password)).status).toBe(200);
  });
});

describe('registration', () => {
  const register = (from: string, n: number) =>
    send(first, 'POST', '/api/register', {
      from,
      body: { username: `quota_${n}`, email: `quota${n}@example.com`, password: 'Quota-2026x' },
    });
  const [perHour] = REGISTRATION_LIMITS;

  it('is limited per /24: the next addresses of the network get no more accounts', async () => {
    for (let n = 0; n < perHour.accounts; n++) expect((await register('127.0.5.2', n)).status).toBe(201);
    for (const from of ['127.0.5.3', '127.0.5.4', '127.0.5.5']) {
      const refused = await register(from, 100 + Number(from.split('.')[3]));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toContain('同一网络每小时最多注册5个账号');
    }
    expect(platform.db.prepare("SELECT count(*) AS n FROM users WHERE username LIKE 'quota%'").all([])).toEqual([
      { n: perHour.accounts },
    ]);
    expect((await register('127.0.6.2', 200)).status).toBe(201);
  });
});

describe('POST /api/logout', () => {
  it('ends the token: after sign-out it signs nothing in', async () => {
    const signedIn = await login(first, '127.0.0.11', TEST_ADMIN.username, TEST_ADMIN.password);
    const token = signedIn.body.access_token ?? '';
    const watchlist = () => send(second, 'GET', '/api/user/watchlist', { from: '127.0.0.11', token });
    expect((await watchlist()).status).toBe(200);
    expect((await send(first, 'POST', '/api/logout', { from: '127.0.0.11', token })).status).toBe(200);
    // Ended for every instance, at once.
    expect((await watchlist()).status).toBe(401);
  });
});

describe('uploaded names', () => {
  const csv = (lines: readonly string[]) => new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' });

  async function upload(name: string, file: Blob) {
    const form = new FormData();
    form.append('files', file, name);
    const token = await platform.adminToken();
    const response = await fetch(`${first.origin}/api/upload_excel`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Bearer ${token}` },
    });
    statuses.push(response.status);
    return {
      status: response.status,
      body: (await response.json()) as {
        uploaded_files: { filename: string; success: boolean; error: string | null }[];
      },
    };
  }

  it('refuses a company name with a zero-width space: it cannot pass as a second 美的集团', async () => {
    const answer = await upload('999999.csv', csv(['公司名称：美的集团\u200b', '报告日期,2019', '营业收入(万元),1']));
    expect(answer.status).toBe(400);
    expect(answer.body.uploaded_files[0]?.error).toContain('公司名称含有不可见字符或文字方向控制字符（U+200B）');
    expect(platform.db.prepare("SELECT count(*) AS n FROM companies WHERE name LIKE '美的集团%'").all([])).toEqual([
      { n: 1 },
    ]);
  });

  it('stores a 10,000-character file name with CR/LF capped and clean', async () => {
    const name = `999998_${'长'.repeat(5000)}\r\n${'名'.repeat(4987)}.csv`;
    expect(name).toHaveLength(10_000);
    const answer = await upload(name, csv(['公司名称：长名公司', '报告日期,2019', '营业收入(万元),1']));
    expect(answer.status).toBe(200);
    const [stored] = platform.db
      .prepare("SELECT file_name FROM uploaded_files WHERE company_code = '999998'")
      .all([]) as { file_name: string }[];
    expect(Array.from(stored?.file_name ?? '')).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(stored?.file_name).toMatch(/^999998_长+\.csv$/);
    expect(answer.body.uploaded_files[0]?.filename).toBe(stored?.file_name);
  });
});

describe('every answer', () => {
  it('was no 5xx', () => {
    expect(statuses.length).toBeGreaterThan(90);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
