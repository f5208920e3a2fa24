/**
 * The processes and files a benchmark run makes: the PWA build, the real server and the trivial Hono
 * ceiling on free ports, temp directories. Everything started here is stopped by `cleanUp()`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { progress } from './stats.ts';

export const REPO_ROOT = new URL('../../', import.meta.url).pathname;
export const DIST_DIR = join(REPO_ROOT, 'pwa', 'dist');
export const MARKET_DIR = join(REPO_ROOT, '..', 'shared', 'data', 'market');
const ADMIN = { username: 'admin', password: 'Bench-Admin-2026' } as const;

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Stops every process this run started (by its own handle) and removes its temp directories. */
export function cleanUp(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  children.clear();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Writes `bytes` to a new file in a temp directory of this run (removed by `cleanUp()`); its path. */
export function writeTempFile(prefix: string, name: string, bytes: Uint8Array): string {
  const path = join(tempDir(prefix), name);
  writeFileSync(path, bytes);
  return path;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Newest modification time under `dir` (skipping node_modules and build output). */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the PWA (production React) unless pwa/dist is newer than every source it is built from. */
export function ensureBuild(): { built: boolean; seconds: number } {
  const index = join(DIST_DIR, 'index.html');
  const sources = Math.max(
    newestMtime(join(REPO_ROOT, 'pwa', 'src')),
    newestMtime(join(REPO_ROOT, 'pwa', 'public')),
    newestMtime(join(REPO_ROOT, 'engine', 'src')),
    statSync(join(REPO_ROOT, 'vite.config.ts')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs > sources && !process.env.BENCH_REBUILD) {
    return { built: false, seconds: 0 };
  }
  progress('building the PWA (NODE_ENV=production npx vite build)…');
  const start = performance.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('vite build failed');
  return { built: true, seconds: (performance.now() - start) / 1000 };
}

async function waitForUrl(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url}:\n${log()}`);
}

export interface RunningServer {
  readonly baseURL: string;
  readonly process: ChildProcess;
  readonly dir: string;
  readonly databasePath: string;
  stop(): Promise<void>;
}

function track(child: ChildProcess): () => string {
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        children.delete(child);
        resolve();
        return;
      }
      child.once('exit', () => {
        children.delete(child);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/**
 * The real server (`node --import tsx sync-server/src/main.ts`) on a free port with a fresh database in a
 * temp dir. `empty`: no sample companies (fixtures/ with only the market lists), for the ingest run.
 */
export async function startServer(
  options: { empty?: boolean; extraArgs?: readonly string[] } = {},
): Promise<RunningServer> {
  const dir = tempDir('fcf-bench-');
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${join(dir, 'fcf.db')}`,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_REQUESTS: '0',
    NODE_ENV: 'production',
    // Section 4's PDF clients all come from one address: no per-address throttle.
    PDF_RATE_LIMIT: '1000000',
  };
  if (options.empty) {
    // The company directory and industries the upload path needs, and nothing to seed.
    const fixtures = join(dir, 'fixtures');
    mkdirSync(join(fixtures, 'market'), { recursive: true });
    for (const name of ['fullStockList.csv', 'industryCoding.csv']) {
      symlinkSync(join(REPO_ROOT, 'fixtures', 'market', name), join(fixtures, 'market', name));
    }
    env.FIXTURES_DIR = fixtures;
  }
  const child = spawn(process.execPath, [...(options.extraArgs ?? []), '--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = track(child);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForUrl(`${baseURL}/api/data/health`, child, log);
  return { baseURL, process: child, dir, databasePath: join(dir, 'fcf.db'), stop: stopper(child) };
}

/**
 * The ceiling of section 4: a trivial Hono app (one JSON route) on @hono/node-server, in its own process;
 * with `bodyFile`, it also sends that file's bytes on `/body` (the same-bytes reference of a large answer).
 */
export async function startCeiling(
  options: { bodyFile?: string } = {},
): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', 'bench', 'ceiling-server.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      NODE_ENV: 'production',
      ...(options.bodyFile ? { CEILING_BODY_FILE: options.bodyFile } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = track(child);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForUrl(`${baseURL}/x`, child, log);
  return { baseURL, stop: stopper(child) };
}

export async function login(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const answer = (await response.json()) as { access_token?: string };
  if (!answer.access_token) throw new Error(`login failed: ${response.status}`);
  return answer.access_token;
}
