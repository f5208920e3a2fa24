import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { hashPassword, verifyPassword } from './auth/password.ts';
import { companyDirectoryFile, generateSecret, type ServerConfig } from './config.ts';
import { type Database, databaseLocation, openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { type CompanyDirectory, loadCompanyDirectory, loadIndustries } from './ingest/index.ts';
import { seedFixtures } from './seed/seed-fixtures.ts';
import { readMeta, writeMeta } from './store/meta.ts';
import { createUser, findUser, replacePassword, setAdmin } from './store/users.ts';
import { type ServerPool, startServerPool } from './workers/server-pool.ts';

export interface Platform {
  readonly db: Database;
  readonly app: ReturnType<typeof createApp>;
  readonly directory: CompanyDirectory;
  readonly industries: ReadonlyMap<string, string>;
  /** The worker threads that parse uploads and draw PDFs. */
  readonly workers: ServerPool;
  /** Set when this start created the admin account with a generated password (print it once). */
  readonly generatedAdminPassword: string | undefined;
  readonly seededFiles: number;
  /** Ends the worker threads and closes the database. */
  close(): Promise<void>;
}

/** JWT_SECRET, else the secret kept in the database (made at first start, so tokens survive restarts). */
function jwtSecret(db: Database, configured: string | undefined): string {
  if (configured) return configured;
  const stored = readMeta(db, 'jwt_secret');
  if (stored) return stored;
  const secret = generateSecret();
  writeMeta(db, 'jwt_secret', secret);
  return secret;
}

/**
 * The admin account: made at first start from ADMIN_USERNAME / ADMIN_PASSWORD; without a password a random
 * one is generated and returned to be printed once. A set ADMIN_PASSWORD is applied on every start (so an
 * operator can reset it): when it differs from the stored one, tokens issued before are revoked; the same
 * password again changes nothing, so a restart signs nobody out. A generated one never replaces an existing
 * account's.
 */
async function ensureAdmin(db: Database, config: ServerConfig): Promise<string | undefined> {
  const existing = findUser(db, config.adminUsername);
  if (existing) {
    if (!config.adminPassword) return undefined;
    if (!(await verifyPassword(config.adminPassword, existing.passwordHash))) {
      replacePassword(db, existing.username, await hashPassword(config.adminPassword));
    }
    if (!existing.isAdmin) setAdmin(db, existing.username, true);
    return undefined;
  }
  const password = config.adminPassword ?? generateSecret(12);
  createUser(db, {
    username: config.adminUsername,
    email: null,
    passwordHash: await hashPassword(password),
    isAdmin: true,
  });
  return config.adminPassword ? undefined : password;
}

export interface StartOptions {
  /** Replaces the real wait of a slowed login (tests record it instead of sleeping). */
  readonly pause?: (ms: number) => Promise<void>;
}

/** Opens and migrates the database, makes the admin account, seeds an empty database, builds the app. */
export async function startPlatform(config: ServerConfig, options: StartOptions = {}): Promise<Platform> {
  const db = openDatabase(databaseLocation(config.databaseUrl, config.databaseAuthToken, config.databaseSyncUrl));
  migrate(db);
  const secret = jwtSecret(db, config.jwtSecret);
  const generatedAdminPassword = await ensureAdmin(db, config);
  const directory = loadCompanyDirectory(readFileSync(companyDirectoryFile(config)));
  const industries = loadIndustries(readFileSync(join(config.fixturesDir, 'market', 'industryCoding.csv')));
  const seed = seedFixtures(db, config.fixturesDir, { directory, industries, uploadedBy: 'seed' });
  for (const result of seed.results) {
    if (!result.success) console.warn(`示例数据导入失败 ${result.filename}: ${result.error}`);
  }
  // Workers start on the first task, so a start (and a test) that parses nothing pays nothing for them.
  const workers = startServerPool(config);
  const app = createApp({
    db,
    config,
    jwtSecret: secret,
    directory,
    industries,
    workers,
    ...(options.pause ? { pause: options.pause } : {}),
  });
  return {
    db,
    app,
    directory,
    industries,
    workers,
    generatedAdminPassword,
    seededFiles: seed.results.filter((result) => result.success).length,
    async close() {
      await workers.close();
      db.close();
    },
  };
}
