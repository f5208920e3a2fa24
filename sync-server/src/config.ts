import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWorkerThreads } from './workers/worker-pool.ts';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly databaseAuthToken: string | undefined;
  readonly databaseSyncUrl: string | undefined;
  /** An embedded replica pulls the primary's changes this often, in seconds (`DATABASE_SYNC_PERIOD`). */
  readonly databaseSyncPeriodSeconds?: number;
  readonly adminUsername: string;
  /** Undefined: generate one at first start and print it once. */
  readonly adminPassword: string | undefined;
  /** Undefined: generate one and keep it in the database. */
  readonly jwtSecret: string | undefined;
  /** The built PWA (`pwa/dist`). */
  readonly staticDir: string;
  /** The sample data seeded into an empty database. */
  readonly fixturesDir: string;
  /** One log line per request. */
  readonly logRequests: boolean;
  /**
   * The TrueType font the PDF report draws Chinese with (`PDF_FONT_PATH`); the PWA's copy by default.
   * Optional so configs built by hand need not name it.
   */
  readonly fontPath?: string;
  /**
   * How many reverse proxies stand in front of the server (`TRUST_PROXY`): 0 trusts no forwarding header;
   * N takes the client's address and scheme from the N-th last `X-Forwarded-For` / `X-Forwarded-Proto`
   * entry, the one the outermost of those proxies wrote. Optional so configs built by hand need not name it.
   */
  readonly trustProxy?: number;
  /** Worker threads that parse uploads and draw PDFs off the event loop (`WORKER_THREADS`). */
  readonly workerThreads: number;
  /** Tasks that may wait for a worker; beyond that requests answer 503 (`WORKER_QUEUE`). */
  readonly workerQueue: number;
  /** Running time of one task before its worker is terminated (`WORKER_TIME_LIMIT_MS`). */
  readonly workerTimeLimitMs: number;
  /** Heap of each worker thread (`WORKER_MEMORY_MB`). */
  readonly workerMemoryMb: number;
  /** An idle worker thread exits after this long, returning its memory (`WORKER_IDLE_MS`). */
  readonly workerIdleMs: number;
  /** PDF reports one address may have made per minute (`PDF_RATE_LIMIT`). */
  readonly pdfPerMinute: number;
  /**
   * A running background job whose server has not reported for this long is taken as lost and marked
   * failed (`JOB_HEARTBEAT_TIMEOUT_MS`). Optional so configs built by hand need not name it.
   */
  readonly jobHeartbeatTimeoutMs?: number;
  /**
   * On SIGTERM/SIGINT the server stops taking connections and waits this long for requests under way
   * (`SHUTDOWN_GRACE_MS`). Optional so configs built by hand need not name it.
   */
  readonly shutdownGraceMs?: number;
}

/** A setting the server cannot start with; its message is the one line printed. */
export class ConfigError extends Error {}

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export const DEFAULT_JOB_HEARTBEAT_TIMEOUT_MS = 30_000;
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** Why an ADMIN_PASSWORD cannot be used, or undefined. Counted in characters, not bytes. */
function adminPasswordProblem(password: string): string | undefined {
  const length = Array.from(password).length;
  if (length >= ADMIN_PASSWORD_MIN_LENGTH) return undefined;
  return `ADMIN_PASSWORD 太短：至少需要 ${ADMIN_PASSWORD_MIN_LENGTH} 个字符（现为 ${length} 个）；请换一个更长的密码，或不设置它以自动生成`;
}

function trustedProxies(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,2}$/.test(value)) {
    throw new ConfigError(`TRUST_PROXY 无效：${value}（0 表示不信任转发头，1 表示位于一层反向代理之后）`);
  }
  return Number(value);
}

/** An integer setting within [min, max]; a bad value stops the start with a message naming the variable. */
function integerSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  [min, max]: readonly [number, number],
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} 无效：${raw}（需为 ${min} 到 ${max} 之间的整数）`);
  }
  return value;
}

const REPO_ROOT = new URL('../../', import.meta.url);
/** The PDF font in the repository (pwa/public/fonts/README.md says what it is), as an absolute path. */
export const DEFAULT_FONT_PATH = fileURLToPath(new URL('pwa/public/fonts/wqy-microhei-gb2312.ttf', REPO_ROOT));

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT 无效：${env.PORT}`);
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  const weak = adminPassword === undefined ? undefined : adminPasswordProblem(adminPassword);
  if (weak) throw new ConfigError(weak);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? 'file:data/fcf.db',
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    databaseSyncUrl: env.DATABASE_SYNC_URL || undefined,
    databaseSyncPeriodSeconds: integerSetting(env, 'DATABASE_SYNC_PERIOD', 1, [1, 3600]),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword,
    jwtSecret: env.JWT_SECRET || undefined,
    staticDir: resolve(env.STATIC_DIR ?? new URL('pwa/dist/', REPO_ROOT).pathname),
    fixturesDir: resolve(env.FIXTURES_DIR ?? new URL('fixtures/', REPO_ROOT).pathname),
    logRequests: env.LOG_REQUESTS !== '0',
    fontPath: resolve(env.PDF_FONT_PATH || DEFAULT_FONT_PATH),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    workerThreads: integerSetting(env, 'WORKER_THREADS', defaultWorkerThreads(), [1, 256]),
    workerQueue: integerSetting(env, 'WORKER_QUEUE', 32, [0, 100_000]),
    workerTimeLimitMs: integerSetting(env, 'WORKER_TIME_LIMIT_MS', 30_000, [100, 3_600_000]),
    workerMemoryMb: integerSetting(env, 'WORKER_MEMORY_MB', 1024, [64, 65_536]),
    workerIdleMs: integerSetting(env, 'WORKER_IDLE_MS', 10_000, [0, 86_400_000]),
    pdfPerMinute: integerSetting(env, 'PDF_RATE_LIMIT', 10, [1, 1_000_000]),
    jobHeartbeatTimeoutMs: integerSetting(
      env,
      'JOB_HEARTBEAT_TIMEOUT_MS',
      DEFAULT_JOB_HEARTBEAT_TIMEOUT_MS,
      [1_000, 3_600_000],
    ),
    shutdownGraceMs: integerSetting(env, 'SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, [0, 600_000]),
  };
}

/** fullStockList.csv of the fixtures: the company directory (codes and names of listed companies). */
export function companyDirectoryFile(config: ServerConfig): string {
  return join(config.fixturesDir, 'market', 'fullStockList.csv');
}

export function generateSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
