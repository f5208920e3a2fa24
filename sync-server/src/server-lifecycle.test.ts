import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Libsql from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accepting, type ServerProcess, spawnServer, waitUntilClosed } from './testing/server-process.ts';

let dir: string;
let env: Record<string, string>;
const running = new Set<ServerProcess>();

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-lifecycle-'));
  // One database for the whole file (seeded by the first start); servers here run one at a time.
  env = { DATABASE_URL: `file:${join(dir, 'fcf.db')}`, STATIC_DIR: join(dir, 'no-dist'), PORT: '0' };
});
afterAll(() => {
  for (const server of running) server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function start(launcher: Parameters<typeof spawnServer>[0], extra: Record<string, string> = {}): ServerProcess {
  const server = spawnServer(launcher, { ...env, ...extra });
  running.add(server);
  void server.exited.then(() => running.delete(server));
  return server;
}

/** A POST /api/login whose body arrives only when `finish()` is called: a request under way. */
async function slowLogin(port: number): Promise<{ socket: Socket; finish(): void; response: Promise<string> }> {
  const body = JSON.stringify({ username: 'admin', password: 'not-the-password' });
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const response = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.write(
    `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { socket, finish: () => socket.write(body.slice(10)), response };
}

describe('a busy port', () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

  it('stops the start with one Chinese line naming the port and PORT, before touching the database', async () => {
    const database = join(dir, 'never-opened.db');
    const server = start('main', { PORT: String(port), DATABASE_URL: `file:${database}` });
    expect(await server.exited).toBe(1);
    expect(server.stderr().trim().split('\n')).toEqual([
      `无法启动：端口 ${port} 已被占用（127.0.0.1:${port}）；请先停止占用该端口的程序，或用环境变量 PORT 换一个端口`,
    ]);
    expect(existsSync(database)).toBe(false);
  });
});

describe('shutting down on SIGTERM', () => {
  it('stops accepting, lets the request under way finish, closes up and exits 0', async () => {
    const server = start('main');
    const port = await server.port();
    const login = await slowLogin(port);
    server.child.kill('SIGTERM');
    await server.waitFor(/正在关闭/);
    await waitUntilClosed(port);
    login.finish();
    const answer = await login.response;
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toContain('"success":false');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('已关闭');
  });

  it('cuts off a request that has not finished after SHUTDOWN_GRACE_MS', async () => {
    const server = start('main', { SHUTDOWN_GRACE_MS: '300' });
    const port = await server.port();
    const stuck = await slowLogin(port);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('等待超时');
    expect(await stuck.response).toBe('');
  });
});

describe('npm start under a supervisor', () => {
  it('passes SIGTERM on to the server, which drains and exits; nothing is left holding the port', async () => {
    const npm = start('npm-start');
    const port = await npm.port();
    npm.child.kill('SIGTERM');
    await npm.exited;
    expect(npm.output()).toContain('已关闭');
    expect(await accepting(port)).toBe(false);
  });

  it('the server leaves when the start script is killed outright (SIGKILL cannot be passed on)', async () => {
    const script = start('start-script');
    const port = await script.port();
    script.child.kill('SIGKILL');
    await waitUntilClosed(port);
  });
});

describe('a 500', () => {
  it('answers the request id, never the driver text; the log has both', async () => {
    const server = start('main', { LOG_REQUESTS: '1' });
    const port = await server.port();
    // Break the database under the running server, as a failing disk or a bad migration would.
    const outside = new Libsql(join(dir, 'fcf.db'));
    outside.exec('ALTER TABLE core_menus RENAME TO core_menus_gone');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/core_menus`);
      expect(response.status).toBe(500);
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toEqual({ success: false, message: '服务器内部错误，请联系技术支持', detail: `请求编号 ${id}` });
      const logged = await server.waitFor(new RegExp(`请求编号 ${id}：GET /api/core_menus 出错[^]*no such table`));
      expect(logged).toBeTruthy();
      await server.waitFor(new RegExp(`Z ${id} GET /api/core_menus 500 `));
    } finally {
      outside.exec('ALTER TABLE core_menus_gone RENAME TO core_menus');
      outside.close();
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
