import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from '../app.ts';
import type { ServerConfig } from '../config.ts';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import type { CompanyDirectory } from '../ingest/index.ts';
import { startTestPlatform } from './test-platform.ts';

/** One run's platform: a real libSQL file copied from the template, and the app on it. */
export interface ForkedPlatform {
  readonly db: Database;
  readonly app: ReturnType<typeof createApp>;
  close(): void;
}

export interface PlatformTemplate {
  /** An admin token, valid on every fork (same user, same secret). */
  readonly adminToken: string;
  readonly directory: CompanyDirectory;
  readonly industries: ReadonlyMap<string, string>;
  fork(): ForkedPlatform;
  close(): Promise<void>;
}

const TEMPLATE_SECRET = 'platform-template-secret-for-property-tests';

/**
 * A platform migrated and seeded once, whose database file each run of a property test copies: a fresh
 * real database in a few milliseconds instead of a fresh seed (and an admin login) per run.
 */
export async function startPlatformTemplate(overrides: Partial<ServerConfig> = {}): Promise<PlatformTemplate> {
  const jwtSecret = overrides.jwtSecret ?? TEMPLATE_SECRET;
  const platform = await startTestPlatform({ ...overrides, jwtSecret });
  const adminToken = await platform.adminToken();
  const template = join(platform.dir, 'template.db');
  // A self-contained copy (no WAL beside it) that no one writes again.
  platform.db.exec(`VACUUM INTO '${template.replaceAll("'", "''")}'`);
  // Already in WAL mode (kept in the file), so opening a copy need not switch it and sync the header.
  openDatabase(databaseLocation(`file:${template}`)).close();
  // Forks live in memory where the system offers a tmpfs: still real database files, without disk I/O.
  const forkDir = mkdtempSync(existsSync('/dev/shm') ? '/dev/shm/fcf-fork-' : join(platform.dir, 'fork-'));
  let forks = 0;
  return {
    adminToken,
    directory: platform.directory,
    industries: platform.industries,
    fork() {
      forks += 1;
      const path = join(forkDir, `fork-${forks}.db`);
      copyFileSync(template, path);
      const db = openDatabase(databaseLocation(`file:${path}`));
      const app = createApp({
        db,
        config: platform.config,
        jwtSecret,
        directory: platform.directory,
        industries: platform.industries,
        workers: platform.workers,
      });
      return {
        db,
        app,
        close() {
          db.close();
          for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
        },
      };
    },
    async close() {
      rmSync(forkDir, { recursive: true, force: true });
      await platform.close();
    },
  };
}
