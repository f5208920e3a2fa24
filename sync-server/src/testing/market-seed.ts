import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The whole market's sample data beside the repository (../shared/data/README.md). */
export const MARKET_DIR = join(REPO_ROOT, '..', 'shared', 'data', 'market');

/**
 * Seeds the database at `databaseUrl` with the whole market (3,969 companies) as `npm run seed:market`
 * does, in a process of its own: ~40 s on a quiet machine. Rejects with its output when it fails.
 */
export function seedWholeMarket(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/seed/seed-market.ts', MARKET_DIR], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed:market ended with ${code}:\n${output}`)),
    );
  });
}
