import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

const REPO_ROOT = new URL('../../', import.meta.url).pathname;
export const E2E_ADMIN = { username: 'admin', password: 'E2e-Admin-2026' } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
  }
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

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url}:\n${log()}`);
}

/**
 * Builds the PWA as `npm start` would serve it, then starts the real server on a free port with a fresh
 * database seeded from fixtures/, for the browser tests.
 */
export default async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD) {
    // vitest runs with NODE_ENV=test, which would make Vite build React's development bundle.
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'fcf-e2e-'));
  const port = await freePort();
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${join(dir, 'fcf.db')}`,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_REQUESTS: '0',
      // One proxy trusted: API-made accounts come from test networks of their own (page-checks.ts apiRegister).
      TRUST_PROXY: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(`${baseURL}/api/data/health`, server, () => output);
  project.provide('baseURL', baseURL);
  project.provide('adminPassword', E2E_ADMIN.password);
  return () => {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
}
