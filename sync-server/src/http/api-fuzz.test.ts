import { createHash } from 'node:crypto';
import { jobAnswer } from '@fcf/engine/contract';
import fc from 'fast-check';
import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueToken } from '../auth/token.ts';
import { queryAll, queryOne } from '../db/query.ts';
import { readMeta } from '../store/meta.ts';
import { readData } from '../testing/answers.ts';
import {
  type FuzzRequest,
  fuzzRequestInit,
  fuzzUrl,
  type Route,
  requestFor,
  type TokenName,
} from '../testing/api-fuzz-requests.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * Randomized requests against every route of the app (read from `app.routes`), with and without an admin
 * token: random and malformed bodies (wrong types, huge strings, deep nesting, invalid UTF-8 or JSON,
 * wrong content types), bad or forged tokens, odd headers and path parameters (Unicode, `..`, `%00`,
 * very long). Whatever comes in, the server must never answer 5xx, every error must be the JSON envelope
 * `{success: false, message, detail}`, and a request answered 4xx must have written nothing.
 *
 * Reproduce a failure with the seed it prints: `FUZZ_SEED=<seed> npx vitest run --project sync-server
 * src/http/api-fuzz.test.ts`.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 13_2026);
/** Requests per route: ~60 routes × 40 takes some seconds, well under a minute on a busy two-core machine. */
const RUNS_PER_ROUTE = 40;

/** Tables a refused request may legitimately write: the failure counters of the throttles. */
const THROTTLE_TABLES = new Set(['login_attempts', 'known_sign_ins', 'registrations']);

let platform: TestPlatform;
let routes: Route[];
let tokens: Record<TokenName, string>;

beforeAll(async () => {
  // TRUST_PROXY on, so forged X-Forwarded-For values reach the throttles' address handling too.
  platform = await startTestPlatform({ trustProxy: 1 });
  // Deletes last, so the routes before them still find the seeded companies and files; the sign-out after
  // them, as it ends the tokens it is sent with.
  const order = (route: Route) => (route.path === '/api/logout' ? 2 : Number(route.method === 'DELETE'));
  routes = platform.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map(({ method, path }) => ({ method, path }))
    .filter(
      (route, index, all) =>
        all.findIndex((other) => `${other.method} ${other.path}` === `${route.method} ${route.path}`) === index,
    )
    .sort((a, b) => order(a) - order(b));
  const secret = readMeta(platform.db, 'jwt_secret') ?? '';
  const now = Math.floor(Date.now() / 1000);
  const admin = await platform.adminToken();
  const [header = '', payload = '', signature = ''] = admin.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  tokens = {
    admin,
    user: await platform.userToken(),
    garbage: 'garbage',
    empty: '',
    long: 'x'.repeat(8000),
    otherSecret: await issueToken({ username: 'admin', isAdmin: true, tokenVersion: 0 }, 'not-the-secret'),
    oldVersion: await issueToken({ username: 'admin', isAdmin: true, tokenVersion: 99 }, secret),
    noVersion: await sign({ sub: 'admin', adm: true, iat: now, exp: now + 600 }, secret, 'HS256'),
    expired: await issueToken({ username: 'admin', isAdmin: true, tokenVersion: 0 }, secret, now - 86_400),
    ghost: await issueToken({ username: 'ghost', isAdmin: true, tokenVersion: 0 }, secret),
    tampered: [
      header,
      Buffer.from(JSON.stringify({ ...claims, sub: 'investor_1' })).toString('base64url'),
      signature,
    ].join('.'),
    algNone: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`,
  };
});
afterAll(() => platform.close());

/** A digest of every table a request could write, the throttles' counters aside. */
function databaseDigest(): string {
  const hash = createHash('sha256');
  const tables = queryAll<{ name: string }>(
    platform.db,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  for (const { name } of tables) {
    if (THROTTLE_TABLES.has(name)) continue;
    hash.update(`\u0000${name}\u0000`);
    for (const row of platform.db.prepare(`SELECT * FROM "${name}"`).raw(true).all([]) as unknown[][]) {
      for (const cell of row) hash.update(cell instanceof Uint8Array ? cell : `${typeof cell}:${String(cell)}|`);
    }
  }
  return hash.digest('hex');
}

const totalChanges = () => queryOne<{ n: number }>(platform.db, 'SELECT total_changes() AS n')?.n ?? 0;

/** Answers by route and status; `FUZZ_STATS=1` prints them, to see which handlers the requests reach. */
const statusCounts = new Map<string, number>();
afterAll(() => {
  if (!process.env.FUZZ_STATS) return;
  const lines = [...statusCounts].sort().map(([key, count]) => `${key}: ${count}`);
  console.log(lines.join('\n'));
});

/** The digest after the last request that wrote, and the connection's write count then. */
let baseline: string | undefined;
let changesSeen = 0;

/** Waits until a job a request started (202 with a job id) has finished, so its writes land in between. */
async function settle(response: Response, text: string): Promise<void> {
  if (response.status !== 202) return;
  const jobId = (JSON.parse(text) as { data?: { job_id?: string } }).data?.job_id;
  if (!jobId) return;
  await vi.waitFor(
    async () => {
      const job = await readData(platform, `/api/jobs/${jobId}`, jobAnswer, tokens.admin);
      expect(job.status).not.toBe('running');
    },
    { timeout: 6_000, interval: 10 },
  );
}

async function check(route: Route, input: FuzzRequest): Promise<void> {
  baseline ??= databaseDigest();
  const target = `${fuzzUrl(route, input.params)}${input.query}`;
  const response = await platform.app.request(target, fuzzRequestInit(route, input, tokens));
  const text = await response.text();
  const label = `${route.method} ${target.slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`;
  const key = `${route.method} ${route.path} ${response.status}`;
  statusCounts.set(key, (statusCounts.get(key) ?? 0) + 1);
  expect(response.status, label).toBeLessThan(500);
  if (response.status >= 400) {
    expect(response.headers.get('content-type') ?? '', label).toContain('application/json');
    const error = JSON.parse(text) as { success?: unknown; message?: unknown; detail?: unknown };
    expect(error.success, label).toBe(false);
    expect(typeof error.message === 'string' && error.message.length > 0, label).toBe(true);
    expect(typeof error.detail, label).toBe('string');
  }
  await settle(response, text);
  const changes = totalChanges();
  if (changes === changesSeen) return;
  changesSeen = changes;
  const now = databaseDigest();
  // A refused request may have started a transaction, but nothing of it may remain.
  if (response.status >= 400) expect(now, `partial write: ${label}`).toBe(baseline);
  baseline = now;
}

describe('randomized requests to every route', () => {
  it('reads the route table from the app', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining(['POST /api/register', 'POST /api/sync/push', 'GET /api/pdf-preview/serve/:filename{.+}']),
    );
  });

  it('never answer 5xx, always the error envelope, and write nothing when refused', { timeout: 300_000 }, async () => {
    changesSeen = totalChanges();
    for (const [index, route] of routes.entries()) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), (input) => check(route, input)),
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
  });
});
