import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { hashPassword, verifyPassword } from './auth/password.ts';
import { BundlePagesWarmer } from './cache/bundle-pages-warmer.ts';
import { CompanyListSnapshot } from './cache/company-list.ts';
import { companyDirectoryFile, generateSecret, type ServerConfig } from './config.ts';
import { keepChangeSeqAhead, type RaisedChangeSeq } from './db/change-seq.ts';
import { configuredDatabaseLocation, type Database, openDatabase, transaction } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { loadCompanyListings } from './ingest/company-listings.ts';
import { type CompanyDirectory, loadCompanyDirectory, loadIndustries } from './ingest/index.ts';
import { BackgroundJobs } from './jobs/background-jobs.ts';
import {
  addScreenerMenuOnce,
  refreshIndustries,
  type SeedReport,
  seedFixtures,
  seedQuotes,
} from './seed/seed-fixtures.ts';
import type { ImportContext } from './store/import-statement-file.ts';
import { deleteMeta, readMeta, writeMeta, writeMetaIfAbsent } from './store/meta.ts';
import { createUser, findUser, replacePassword, setAdmin } from './store/users.ts';
import { pruneAllSyncRecords } from './sync/sync-retention.ts';
import { backfillIndustryStatistics } from './valuation/industry-comparisons.ts';
import { type OwedValuationsRun, redoOwedValuations } from './valuation/redo-owed-valuations.ts';
import { ensureScreenerModels } from './valuation/valuation-runs.ts';
import { ValuationService } from './valuation/valuation-service.ts';
import { type ServerPool, startServerPool } from './workers/server-pool.ts';

export interface Platform {
  readonly db: Database;
  readonly app: ReturnType<typeof createApp>;
  readonly directory: CompanyDirectory;
  readonly industries: ReadonlyMap<string, string>;
  /** The worker threads that parse uploads and draw PDFs. */
  readonly workers: ServerPool;
  /** Background jobs this server runs. */
  readonly jobs: BackgroundJobs;
  /** Running jobs whose servers were gone at this start, now marked failed. */
  readonly lostJobs: number;
  /** Set when the change counter was behind the rows at this start, and raised (see db/change-seq.ts). */
  readonly changeSeqRaised: RaisedChangeSeq | undefined;
  /** Set when a stopped server left companies owed a valuation: they are being valued in the background. */
  readonly owedValuations: OwedValuationsRun | undefined;
  /** Builds the offline download's pages ahead (`StartOptions.warmBundlePages`), else undefined. */
  readonly bundlePages: BundlePagesWarmer | undefined;
  /** Set when this start created the admin account with a generated password (print it once). */
  readonly generatedAdminPassword: string | undefined;
  readonly seededFiles: number;
  /** Stops the background jobs, ends the worker threads and closes the database. */
  close(): Promise<void>;
}

/**
 * JWT_SECRET, else the secret kept in the database (made at first start, so tokens survive restarts and
 * every instance sharing the database signs with the same one: of servers starting together, the first
 * to store one wins and the others read it).
 */
function jwtSecret(db: Database, configured: string | undefined): string {
  if (configured) return configured;
  const stored = readMeta(db, 'jwt_secret');
  if (stored) return stored;
  writeMetaIfAbsent(db, 'jwt_secret', generateSecret());
  return readMeta(db, 'jwt_secret') as string;
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
  const passwordHash = await hashPassword(password);
  try {
    createUser(db, { username: config.adminUsername, email: null, passwordHash, isAdmin: true });
  } catch (error) {
    // Another server starting against the same database made the account meanwhile (and shows its password).
    if (findUser(db, config.adminUsername)) return undefined;
    throw error;
  }
  return config.adminPassword ? undefined : password;
}

/** Marks the fixtures seeded (or being seeded since the stored time, in ms). */
const SEED_STATE = 'fixtures_seed';
const SEEDED = 'done';
/** A seeding that has not finished after this long was cut short (its server died): another may retry. */
const SEED_LEASE_MS = 5 * 60_000;

/**
 * Seeds an empty database from fixtures/, once: of servers starting together against one libSQL server,
 * one seeds and the others start without waiting (they show the data as it arrives).
 */
function seedOnce(db: Database, fixturesDir: string, context: ImportContext): SeedReport {
  const now = Date.now();
  const claimed = transaction(db, () => {
    const state = readMeta(db, SEED_STATE);
    if (state === SEEDED || (state !== undefined && now - Number(state) < SEED_LEASE_MS)) return false;
    writeMeta(db, SEED_STATE, String(now));
    return true;
  });
  if (!claimed) return { seeded: false, results: [] };
  try {
    const report = seedFixtures(db, fixturesDir, context);
    writeMeta(db, SEED_STATE, SEEDED);
    return report;
  } catch (error) {
    deleteMeta(db, SEED_STATE);
    throw error;
  }
}

export interface StartOptions {
  /** Replaces the real wait of a slowed login (tests record it instead of sleeping). */
  readonly pause?: (ms: number) => Promise<void>;
  /**
   * Builds the offline download's pages ahead, at start and after writes (`cache/bundle-pages-warmer.ts`):
   * the server process does; a test platform only when it asks.
   */
  readonly warmBundlePages?: boolean;
  /** How long the data stays quiet before they are built again (tests shorten it). */
  readonly warmAfterQuietMs?: number;
}

/** Opens and migrates the database, makes the admin account, seeds an empty database, builds the app. */
export async function startPlatform(config: ServerConfig, options: StartOptions = {}): Promise<Platform> {
  const db = openDatabase(configuredDatabaseLocation(config));
  migrate(db);
  const changeSeqRaised = keepChangeSeqAhead(db);
  const jobs = new BackgroundJobs(db, config.jobHeartbeatTimeoutMs);
  const lostJobs = jobs.failLost();
  const secret = jwtSecret(db, config.jwtSecret);
  const generatedAdminPassword = await ensureAdmin(db, config);
  const stockList = readFileSync(companyDirectoryFile(config));
  const industryCoding = readFileSync(join(config.fixturesDir, 'market', 'industryCoding.csv'));
  const directory = loadCompanyDirectory(stockList);
  const industries = loadIndustries(industryCoding);
  const listings = loadCompanyListings(stockList, industryCoding);
  const seed = seedOnce(db, config.fixturesDir, { directory, industries, uploadedBy: 'seed' });
  // Every start, not only the first: a database seeded before the industry list was read by division code
  // keeps wrong industries (and betas) otherwise. Idempotent, one query when nothing moved.
  refreshIndustries(db, industries);
  for (const result of seed.results) {
    if (!result.success) console.warn(`示例数据导入失败 ${result.filename}: ${result.error}`);
  }
  // Also a database seeded before quotes existed gets the sample snapshot (only while it has no quote),
  // and every quoted company its screener row.
  seedQuotes(db, config.fixturesDir);
  ensureScreenerModels(db, new ValuationService(db));
  // 行业对比's stored figures: a database from before they were kept gets them once; then every industry a
  // write left stale (seeding, the screener rows above) is rebuilt before the first request.
  backfillIndustryStatistics(db, new Date());
  addScreenerMenuOnce(db);
  // Sync records past the retention rule (docs/sync.md "What the server keeps"); after this, each push
  // that stores something removes one more batch.
  pruneAllSyncRecords(db, new Date());
  // Workers start on the first task, so a start (and a test) that parses nothing pays nothing for them.
  const workers = startServerPool(config);
  // The company list with pinyin is built before the first request (in slices; ~1.5 s for the whole market),
  // so no request waits for it.
  const companyList = new CompanyListSnapshot(db);
  await companyList.current();
  const bundlePages = options.warmBundlePages ? new BundlePagesWarmer(options.warmAfterQuietMs) : undefined;
  const app = createApp({
    companyList,
    ...(bundlePages ? { bundlePages } : {}),
    db,
    config,
    jwtSecret: secret,
    directory,
    industries,
    listings,
    workers,
    jobs,
    ...(options.pause ? { pause: options.pause } : {}),
  });
  // After the start, in the background: what a server killed mid-upload imported but never valued.
  const owedValuations = redoOwedValuations(db, new ValuationService(db, listings), jobs);
  return {
    db,
    app,
    directory,
    industries,
    workers,
    jobs,
    lostJobs,
    changeSeqRaised,
    owedValuations,
    bundlePages,
    generatedAdminPassword,
    seededFiles: seed.results.filter((result) => result.success).length,
    async close() {
      await bundlePages?.stop();
      await jobs.stop();
      await workers.close();
      db.close();
    },
  };
}
