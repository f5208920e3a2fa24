import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Platform, type StartOptions, startPlatform } from '../bootstrap.ts';
import { configFromEnv, type ServerConfig } from '../config.ts';

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

/** Set by the test run's global setup (testing/global-setup.ts): where the run keeps its seeded database. */
export const TEMPLATE_DIR_VARIABLE = 'FCF_TEST_TEMPLATE_DIR';

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

/**
 * The run's seeded database: the first test file that asks seeds it (under a lock directory, so files
 * running in parallel seed it once); the others wait for it. Null outside a test run, or when the file
 * that seeds it did not finish in time: the caller then seeds its own.
 */
async function seededTemplate(config: ServerConfig): Promise<string | null> {
  const root = process.env[TEMPLATE_DIR_VARIABLE];
  if (!root || !existsSync(root)) return null;
  const template = join(root, 'seeded.db');
  if (existsSync(template)) return template;
  try {
    mkdirSync(join(root, 'seeding'));
  } catch {
    for (let waited = 0; waited < 180_000 && !existsSync(template); waited += 100) await sleep(100);
    return existsSync(template) ? template : null;
  }
  const dir = mkdtempSync(join(root, 'seed-'));
  const platform = await startPlatform({ ...config, databaseUrl: `file:${join(dir, 'fcf.db')}` }, { pause: sleep });
  await platform.owedValuations?.done;
  // A self-contained copy (no WAL beside it), renamed into place whole so no one copies half of it.
  const building = join(dir, 'template.db');
  platform.db.exec(`VACUUM INTO '${building.replaceAll("'", "''")}'`);
  await platform.close();
  renameSync(building, template);
  return template;
}

/**
 * A real platform on a fresh libSQL database file in a temp dir, seeded as `npm start` would, for
 * `app.request()` tests: from fixtures/ without fixtures/sina (fixturesWithoutSina) unless told otherwise.
 */
export async function startTestPlatform(
  overrides: Partial<ServerConfig> = {},
  options: StartOptions = {},
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
  if (!SEEDING_FIELDS.some((field) => field in overrides)) {
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
