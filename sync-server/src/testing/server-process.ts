import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import { fixturesWithoutSina, TEST_ADMIN } from './test-platform.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** How a test starts the server: the entry point itself, `node scripts/start.mjs`, or `npm start`. */
export type Launcher = 'main' | 'start-script' | 'npm-start';

const COMMANDS: Record<Launcher, readonly string[]> = {
  main: [process.execPath, '--import', 'tsx', 'sync-server/src/main.ts'],
  'start-script': [process.execPath, 'scripts/start.mjs'],
  'npm-start': ['npm', 'start', '--silent'],
};

export interface ServerProcess {
  readonly child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  stderr(): string;
  /** Resolves once `pattern` appears in the output (or rejects when the process ends first). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** The exit code (128 + signal number when a signal ended it). */
  readonly exited: Promise<number>;
  /** The listening port, from the start line. */
  port(): Promise<number>;
}

/** Starts a real server process in the repository with `env` added to a minimal environment. */
export function spawnServer(launcher: Launcher, env: Record<string, string>): ServerProcess {
  const [command = '', ...args] = COMMANDS[launcher];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ADMIN_PASSWORD: TEST_ADMIN.password,
      WORKER_THREADS: '1',
      // The test platforms' sample data (fixtures/ without fixtures/sina, see test-platform.ts).
      FIXTURES_DIR: fixturesWithoutSina(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    changed();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    changed();
  });
  let ended = false;
  const exited = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => {
      ended = true;
      changed();
      resolve(code ?? 128 + (signal ? constants.signals[signal] : 0));
    }),
  );
  const output = () => stdout + stderr;
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => finish(new Error(`timed out waiting for ${pattern}:\n${output()}`)), timeoutMs);
      const check = () => {
        const match = output().match(pattern);
        if (match) finish(undefined, match);
        else if (ended) finish(new Error(`process ended before ${pattern}:\n${output()}`));
      };
      const finish = (error?: Error, match?: RegExpMatchArray) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (match) resolve(match);
        else reject(error);
      };
      listeners.add(check);
      check();
    });
  return {
    child,
    output,
    stderr: () => stderr,
    waitFor,
    exited,
    async port() {
      const [, port] = await waitFor(/已启动：http:\/\/[^:]+:(\d+)/);
      return Number(port);
    },
  };
}

/** Whether something accepts TCP connections on the loopback port. */
export function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until nothing accepts connections on the port, or throws after `timeoutMs`. */
export async function waitUntilClosed(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (await accepting(port)) {
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts connections`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
