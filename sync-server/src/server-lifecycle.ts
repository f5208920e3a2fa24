import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Platform } from './bootstrap.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, type ServerConfig } from './config.ts';

type Address = Pick<ServerConfig, 'host' | 'port'>;

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The one line an operator reads when the server cannot listen where it was told to; undefined otherwise. */
function listenProblem(error: unknown, { host, port }: Address): string | undefined {
  switch (errorCode(error)) {
    case 'EADDRINUSE':
      return `无法启动：端口 ${port} 已被占用（${host}:${port}）；请先停止占用该端口的程序，或用环境变量 PORT 换一个端口`;
    case 'EACCES':
      return `无法启动：没有权限使用端口 ${port}；请用环境变量 PORT 换一个 1024 以上的端口`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `无法启动：地址 ${host} 不属于本机；请检查环境变量 HOST`;
    default:
      return undefined;
  }
}

/**
 * Whether the address is free, tried before the database is opened, so a second copy started by mistake
 * stops at once with one clear line instead of after migrating and seeding.
 */
export function checkAddressFree(address: Address): Promise<string | undefined> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', (error) => resolve(listenProblem(error, address) ?? `无法启动：${String(error)}`));
    probe.listen(address.port, address.host, () => probe.close(() => resolve(undefined)));
  });
}

function waitForClose(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Serves the platform until SIGTERM or SIGINT, then shuts down in order: stop accepting connections,
 * let requests under way finish (at most SHUTDOWN_GRACE_MS, then cut the rest), stop background jobs
 * (they end failed, saying why), end the worker threads, close the database, exit 0. A signal while
 * shutting down changes nothing (a terminal's Ctrl-C reaches both `npm start` and the server, and
 * `npm start` passes it on too).
 */
export function serveUntilSignalled(platform: Platform, config: ServerConfig): Server {
  const server = createServer(getRequestListener(platform.app.fetch, { hostname: config.host }));
  server.once('error', (error) => {
    console.error(listenProblem(error, config) ?? `无法启动：${String(error)}`);
    void platform.close().finally(() => process.exit(1));
  });
  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`自由现金流估值平台 已启动：http://${config.host}:${port}  (数据库 ${config.databaseUrl})`);
  });

  const graceMs = config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  let stopping = false;
  const shutdown = async (why: string) => {
    if (stopping) return;
    stopping = true;
    const closed = waitForClose(server);
    // A keep-alive connection whose request has finished would otherwise hold the close up for its
    // idle timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    console.log(`${why}，正在关闭：不再接受新连接，等待进行中的请求（最多 ${graceMs / 1000} 秒）…`);
    const cutOff = setTimeout(() => {
      console.log('等待超时，断开仍未完成的请求');
      server.closeAllConnections();
    }, graceMs);
    await closed;
    clearTimeout(cutOff);
    clearInterval(sweep);
    try {
      await platform.close();
    } catch (error) {
      console.error('关闭时出错', error);
      process.exit(1);
    }
    console.log('已关闭');
    process.exit(0);
  };
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => void shutdown(`收到 ${signal}`));
  }
  // Started by `npm start` (scripts/start.mjs) over an IPC channel: when that process dies, even by
  // SIGKILL, the channel closes and the server leaves too rather than hold the port as an orphan.
  if (process.channel) {
    process.channel.unref();
    process.once('disconnect', () => void shutdown('启动它的 npm start 进程已退出'));
  }
  return server;
}
