/**
 * `npm run backup` beside a running server that keeps writing (a real process), and the restore that
 * docs/operations.md describes ("Durability and backups").
 */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Libsql from 'libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletedFilesHeld, locksVisible } from '../testing/outside-sqlite.ts';
import { type ServerProcess, spawnServer } from '../testing/server-process.ts';
import { TEST_ADMIN } from '../testing/test-platform.ts';
import { BackupError, backupDatabase, RESTORED_CHANGE_SEQ_MARGIN } from './backup.ts';
import { databaseLocation } from './database.ts';
import { queryAll, queryOne } from './query.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Server {
  readonly process: ServerProcess;
  readonly base: string;
  readonly token: string;
}

let dir: string;
let database: string;
let env: Record<string, string>;
let server: Server;
/** The copy the first test makes, restored by the second. */
let copy: string;
const running = new Set<ServerProcess>();

async function start(): Promise<Server> {
  const process = spawnServer('main', env);
  running.add(process);
  void process.exited.then(() => running.delete(process));
  const base = `http://127.0.0.1:${await process.port()}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
  });
  return { process, base, token: ((await login.json()) as { access_token: string }).access_token };
}

async function addMenu(name: string): Promise<void> {
  const response = await fetch(`${server.base}/api/top_menus`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, link: '/' }),
  });
  expect(response.status).toBe(201);
}

async function health(): Promise<{ companies: number; change_seq: number }> {
  return ((await (await fetch(`${server.base}/api/data/health`)).json()) as { data: never }).data;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-backup-'));
  database = join(dir, 'data', 'fcf.db');
  env = { DATABASE_URL: `file:${database}`, STATIC_DIR: join(dir, 'no-dist'), PORT: '0', LOG_REQUESTS: '0' };
  server = await start();
}, 120_000);
afterAll(() => {
  for (const process of running) process.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it('copies the live database while the server writes: a whole copy, 0600, the server untouched', async () => {
    const written: string[] = [];
    let writing = true;
    const writer = (async () => {
      for (let index = 0; writing; index++) {
        await addMenu(`写入${index}`);
        written.push(`写入${index}`);
      }
    })();
    while (written.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'backup'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: `file:${database}` },
    });
    writing = false;
    await writer;

    const [, made] = /^备份完成：(.+)（[\d.]+ MB，(\d+) 家公司，完整性检查通过）$/m.exec(stdout) ?? [];
    copy = String(made);
    expect(copy.startsWith(join(dir, 'data', 'backups', 'fcf-'))).toBe(true);
    expect(statSync(copy).mode & 0o777).toBe(0o600);
    const opened = new Libsql(copy);
    try {
      expect(queryAll(opened, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const companies = queryOne<{ n: number }>(opened, 'SELECT count(*) AS n FROM companies WHERE deleted = 0');
      expect(companies?.n).toBe((await health()).companies);
      // One moment's state: the menus written before it, in order, none after a gap.
      const menus = queryAll<{ name: string }>(
        opened,
        "SELECT name FROM top_menus WHERE name LIKE '写入%' ORDER BY id",
      );
      expect(menus.length).toBeGreaterThanOrEqual(3);
      expect(menus.map((menu) => menu.name)).toEqual(written.slice(0, menus.length));
      expect(queryOne<{ seq: number }>(opened, 'SELECT seq FROM change_counter')?.seq).toBeGreaterThan(
        RESTORED_CHANGE_SEQ_MARGIN,
      );
    } finally {
      opened.close();
    }
    // The server kept its live -wal and goes on writing.
    expect(existsSync(`${database}-wal`)).toBe(true);
    if (locksVisible) expect(deletedFilesHeld(server.process.child.pid as number)).toEqual([]);
    await addMenu('备份之后');
  }, 120_000);

  it('restores as documented: the copy in place of the three files; clients pull what is written next', async () => {
    await addMenu('恢复前最后一次写入');
    const { change_seq: cursor } = await health();
    server.process.child.kill('SIGTERM');
    expect(await server.process.exited).toBe(0);
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(database + suffix)) renameSync(database + suffix, `${database}${suffix}.before-restore`);
    }
    copyFileSync(copy, database);
    server = await start();

    const menus = await (await fetch(`${server.base}/api/top_menus`)).json();
    expect(JSON.stringify(menus)).not.toContain('备份之后');
    // A browser that pulled up to `cursor` before the restore still receives the writes after it.
    await addMenu('恢复之后');
    const pull = await fetch(`${server.base}/api/sync/pull?cursor=${cursor}&tables=top_menus`);
    const { data } = (await pull.json()) as { data: { changes: { data: { name: string } | null }[] } };
    expect(data.changes.map((change) => change.data?.name)).toEqual(['恢复之后']);
  }, 120_000);

  it('refuses a libSQL server, a missing database and a target that exists', () => {
    const target = join(dir, 'refused.db');
    expect(() => backupDatabase(databaseLocation('http://127.0.0.1:8080'), target)).toThrow(BackupError);
    expect(() => backupDatabase(databaseLocation(`file:${join(dir, 'none.db')}`), target)).toThrow(
      `数据库文件不存在：${join(dir, 'none.db')}`,
    );
    writeFileSync(target, 'kept');
    expect(() => backupDatabase(databaseLocation(`file:${database}`), target)).toThrow(`备份文件已存在：${target}`);
    expect(existsSync(target)).toBe(true);
  });
});
