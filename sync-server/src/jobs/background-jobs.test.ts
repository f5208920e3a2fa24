import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, databaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { createJob, LOST_JOB_REASON } from '../store/jobs.ts';
import { BackgroundJobs, STOPPED_JOB_REASON } from './background-jobs.ts';

const TIMEOUT_MS = 1_000;
const JOB = { kind: 'valuation', total: 3, createdBy: 'admin' } as const;

let dir: string;
let db: Database;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-jobs-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'fcf.db')}`));
  migrate(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `read()` satisfies `done`, polling like the progress bar does. */
async function until<Value>(read: () => Value, done: (value: Value) => boolean): Promise<Value> {
  for (let tries = 0; tries < 200; tries++) {
    const value = read();
    if (done(value)) return value;
    await sleep(20);
  }
  throw new Error('gave up waiting');
}

describe('BackgroundJobs', () => {
  it('runs the work after answering the id, reports progress, stores the result', async () => {
    const jobs = new BackgroundJobs(db, TIMEOUT_MS);
    let release = () => {};
    const id = jobs.start(JOB, async ({ progress }) => {
      progress(1);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      progress(2);
      return { answer: 42 };
    });
    expect(jobs.read(id)).toMatchObject({ status: 'running', done: 0, total: 3 });
    await until(
      () => jobs.read(id),
      (job) => job?.done === 1,
    );
    release();
    const finished = await until(
      () => jobs.read(id),
      (job) => job?.status !== 'running',
    );
    expect(finished).toMatchObject({ status: 'done', done: 3, result: { answer: 42 }, error: null });
  });

  it('a failing job ends failed with the reason', async () => {
    const jobs = new BackgroundJobs(db, TIMEOUT_MS);
    const id = jobs.start(JOB, async () => {
      throw new Error('公司数据缺失');
    });
    const failed = await until(
      () => jobs.read(id),
      (job) => job?.status !== 'running',
    );
    expect(failed).toMatchObject({ status: 'failed', error: '公司数据缺失' });
  });

  it('beats the heartbeat while a job runs, so another instance polling it sees it alive', async () => {
    const owner = new BackgroundJobs(db, TIMEOUT_MS);
    const otherInstance = new BackgroundJobs(db, TIMEOUT_MS);
    let release = () => {};
    const id = owner.start(JOB, () => new Promise<string>((resolve) => (release = () => resolve('ok'))));
    // Two timeouts long: without heartbeats the job would look lost.
    for (let waited = 0; waited < 2 * TIMEOUT_MS; waited += 100) {
      await sleep(100);
      expect(otherInstance.read(id)?.status).toBe('running');
    }
    expect(otherInstance.failLost()).toBe(0);
    release();
    await until(
      () => otherInstance.read(id),
      (job) => job?.status === 'done',
    );
  });

  it('a running job whose server stopped beating is marked failed when polled, and at start', () => {
    const longAgo = Date.now() - 10 * TIMEOUT_MS;
    const polled = createJob(db, { ...JOB, owner: 'crashed-server' }, longAgo);
    const atStart = createJob(db, { ...JOB, owner: 'crashed-server' }, longAgo);
    const alive = createJob(db, { ...JOB, owner: 'live-server' });
    const jobs = new BackgroundJobs(db, TIMEOUT_MS);
    expect(jobs.read(polled)).toMatchObject({ status: 'failed', error: LOST_JOB_REASON });
    expect(jobs.failLost()).toBe(1);
    expect(jobs.read(atStart)).toMatchObject({ status: 'failed', error: LOST_JOB_REASON });
    expect(jobs.read(alive)?.status).toBe('running');
  });

  it('a job marked lost stays failed when its stalled server finishes it after all', async () => {
    const stalled = new BackgroundJobs(db, TIMEOUT_MS);
    let release = () => {};
    const id = stalled.start(JOB, () => new Promise<string>((resolve) => (release = () => resolve('late'))));
    await sleep(50);
    db.prepare('UPDATE jobs SET heartbeat_ms = 0 WHERE id = ?').run([id]);
    expect(new BackgroundJobs(db, TIMEOUT_MS).read(id)?.status).toBe('failed');
    release();
    await stalled.stop();
    expect(stalled.read(id)).toMatchObject({ status: 'failed', error: LOST_JOB_REASON, result: null });
  });

  it('stop() tells running jobs to stop, waits for them, and they end failed saying why', async () => {
    const jobs = new BackgroundJobs(db, TIMEOUT_MS);
    let companiesDone = 0;
    const id = jobs.start(JOB, async ({ signal }) => {
      for (;;) {
        signal.throwIfAborted();
        companiesDone += 1;
        await sleep(10);
      }
    });
    await until(
      () => companiesDone,
      (done) => done > 2,
    );
    await jobs.stop();
    expect(jobs.read(id)).toMatchObject({ status: 'failed', error: STOPPED_JOB_REASON });
    const afterStop = jobs.start(JOB, async () => 'never');
    await until(
      () => jobs.read(afterStop),
      (job) => job?.status !== 'running',
    );
    expect(jobs.read(afterStop)).toMatchObject({ status: 'failed', error: STOPPED_JOB_REASON });
  });
});
