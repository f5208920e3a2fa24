import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string;
  readonly databaseAuthToken: string | undefined;
  readonly databaseSyncUrl: string | undefined;
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
}

const REPO_ROOT = new URL('../../', import.meta.url);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT 无效：${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? 'file:data/fcf.db',
    databaseAuthToken: env.DATABASE_AUTH_TOKEN || undefined,
    databaseSyncUrl: env.DATABASE_SYNC_URL || undefined,
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    staticDir: resolve(env.STATIC_DIR ?? new URL('pwa/dist/', REPO_ROOT).pathname),
    fixturesDir: resolve(env.FIXTURES_DIR ?? new URL('fixtures/', REPO_ROOT).pathname),
    logRequests: env.LOG_REQUESTS !== '0',
  };
}

export function generateSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
