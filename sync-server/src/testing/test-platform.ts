import { copyFileSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Platform, type StartOptions, startPlatform } from '../bootstrap.ts';
import { configFromEnv, type ServerConfig } from '../config.ts';
import { runTemplate, vacuumInto } from './run-template.ts';

export const TEST_ADMIN = { username: 'admin', password: 'Admin-Test-2026' } as const;

export interface TestPlatform extends Platform {
  readonly config: ServerConfig;
  readonly dir: string;
  /** Every login slow-down asked for, in ms; tests do not wait them out. */
  readonly pauses: number[];
  /** app.request with a JSON body and an optional bearer token. */
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  login(username: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** Registers (if needed) and logs in an ordinary user. */
  userToken(): Promise<string>;
  /** Ends the workers, closes the database and removes the temp dir. */
  close(): Promise<void>;
}

let annualFixtures: string | undefined;

/**
 * fixtures/ as the server's tests are written against: everything but fixtures/sina, the 99 Sina exports
 * with their quarterly columns. Those have tests of their own (seed/fixture-valuations.test.ts and the
 * browser tests, which seed everything as `npm start` does); seeding them into every test platform would
 * make each start several times slower and change what the other tests count. A directory of links, made
 * once per test process and removed at its exit.
 */
export function fixturesWithoutSina(): string {
  if (annualFixtures) return annualFixtures;
  const fixtures = configFromEnv({}).fixturesDir;
  const dir = mkdtempSync(join(tmpdir(), 'fcf-fixtures-'));
  for (const entry of readdirSync(fixtures)) {
    if (entry !== 'sina') symlinkSync(join(fixtures, entry), join(dir, entry));
  }
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  annualFixtures = dir;
  return dir;
}

/** What decides the content of a freshly seeded database: a platform that sets one of them seeds its own. */
const SEEDING_FIELDS = [
  'databaseUrl',
  'databaseAuthToken',
  'databaseSyncUrl',
  'fixturesDir',
  'adminUsername',
  'adminPassword',
] as const satisfies readonly (keyof ServerConfig)[];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The run's seeded database (testing/run-template.ts): migrated and seeded as `npm start` leaves it. */
function seededTemplate(config: ServerConfig): Promise<string | null> {
  return runTemplate(
    'seeded',
    async (file) => {
      const dir = mkdtempSync(join(tmpdir(), 'fcf-seed-'));
      try {
        const platform = await startPlatform(
          { ...config, databaseUrl: `file:${join(dir, 'fcf.db')}` },
          { pause: sleep },
        );
        await platform.owedValuations?.done;
        vacuumInto(platform.db, file);
        await platform.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return undefined;
    },
    180_000,
  );
}

export interface TestPlatformOptions extends StartOptions {
  /** Start from a copy of this database file (a run's template) rather than the run's seeded one. */
  readonly from?: string;
}

/**
 * A real platform on a fresh libSQL database file in a temp dir, seeded as `npm start` would, for
 * `app.request()` tests: from fixtures/ without fixtures/sina (fixturesWithoutSina) unless told otherwise.
 */
export async function startTestPlatform(
  overrides: Partial<ServerConfig> = {},
  { from, ...options }: TestPlatformOptions = {},
): Promise<TestPlatform> {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-test-'));
  const config: ServerConfig = {
    ...configFromEnv({}),
    databaseUrl: `file:${join(dir, 'fcf.db')}`,
    fixturesDir: fixturesWithoutSina(),
    adminPassword: TEST_ADMIN.password,
    staticDir: join(dir, 'no-dist'),
    logRequests: false,
    ...overrides,
  };
  // Seeding is the same for every platform that changes nothing it depends on: they start from a copy of
  // the run's seeded database (a real file, migrated and seeded as `npm start` leaves it).
  if (from) copyFileSync(from, join(dir, 'fcf.db'));
  else if (!SEEDING_FIELDS.some((field) => field in overrides)) {
    const template = await seededTemplate(config);
    if (template) copyFileSync(template, join(dir, 'fcf.db'));
  }
  const pauses: number[] = [];
  const pause = async (ms: number) => {
    pauses.push(ms);
  };
  const platform = await startPlatform(config, { pause, ...options });
  let adminToken: string | undefined;
  let userToken: string | undefined;

  const call: TestPlatform['call'] = (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    return Promise.resolve(platform.app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }));
  };
  const login = async (username: string, password: string) => {
    const response = await call('POST', '/api/login', { body: { username, password } });
    if (response.status !== 200) throw new Error(`login ${username} failed: ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };

  return {
    ...platform,
    config,
    dir,
    pauses,
    call,
    login,
    async adminToken() {
      adminToken ??= await login(TEST_ADMIN.username, TEST_ADMIN.password);
      return adminToken;
    },
    async userToken() {
      if (!userToken) {
        await call('POST', '/api/register', {
          body: { username: 'investor_1', email: 'investor@example.com', password: 'Investor2026' },
        });
        userToken = await login('investor_1', 'Investor2026');
      }
      return userToken;
    },
    async close() {
      await platform.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
