import { afterEach, describe, expect, it } from 'vitest';
import type * as TestTasks from '../testing/pool-test-tasks.ts';
import { WorkerPool, type WorkerPoolError, type WorkerPoolOptions } from './worker-pool.ts';

const pools: WorkerPool<typeof TestTasks>[] = [];

function testPool(options: Partial<WorkerPoolOptions> = {}) {
  const pool = new WorkerPool<typeof TestTasks>({
    taskModule: new URL('../testing/pool-test-tasks.ts', import.meta.url),
    threads: 1,
    maxQueue: 8,
    timeLimitMs: 10_000,
    memoryLimitMb: 64,
    idleMs: 1_000,
    ...options,
  });
  pools.push(pool);
  return pool;
}

async function failure(promise: Promise<unknown>): Promise<WorkerPoolError> {
  try {
    await promise;
  } catch (error) {
    return error as WorkerPoolError;
  }
  throw new Error('expected the task to fail');
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('WorkerPool', () => {
  it('runs a named task of a TypeScript module on a worker thread and answers its result', async () => {
    const pool = testPool();
    expect(await pool.run('echo', { company: '美的集团', years: [2023, 2024] })).toEqual({
      company: '美的集团',
      years: [2023, 2024],
    });
  });

  it('hands buffers over without copying, both ways', async () => {
    const pool = testPool();
    const input = new Uint8Array(1024).buffer;
    expect(await pool.run('byteLength', input, [input])).toBe(1024);
    expect(input.byteLength).toBe(0);
    const output = await pool.run('bytes', 2048);
    expect(output).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(output)[2047]).toBe(7);
  });

  it('refuses a task at once with "busy" when the queue is full', async () => {
    const pool = testPool({ threads: 1, maxQueue: 2 });
    const running = [pool.run('spin', 300), pool.run('spin', 10), pool.run('spin', 10)];
    const refused = await failure(pool.run('echo', 1));
    expect(refused.reason).toBe('busy');
    const settled = await Promise.allSettled(running);
    // The first two fill the worker (once it has started) and the queue; the third may have been refused too.
    expect(settled.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
    expect(await pool.run('echo', 2)).toBe(2);
  });

  it('terminates a task that runs past its time limit, and the next task gets a fresh worker', async () => {
    const pool = testPool({ timeLimitMs: 300 });
    const started = performance.now();
    const timedOut = await failure(pool.run('forever', undefined));
    expect(timedOut.reason).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await pool.run('echo', 'after')).toBe('after');
  });

  it('counts the time limit from when a worker starts the task, not while it waits in the queue', async () => {
    const pool = testPool({ threads: 1, timeLimitMs: 600 });
    // Each spins 400 ms, under the limit; the second waits ~400 ms first, which must not count.
    const results = await Promise.all([pool.run('spin', 400), pool.run('spin', 400)]);
    expect(results.every((turns) => turns > 0)).toBe(true);
  });

  it("starts the time limit after a task's preparation, which loads what a worker keeps", async () => {
    const pool = testPool({ timeLimitMs: 300 });
    expect(await pool.run('preparedSlowly', 800)).toBe('prepared');
  });

  it('a task that exhausts its heap kills its worker, not the process: "memory", then work goes on', async () => {
    const pool = testPool({ memoryLimitMb: 32 });
    const outOfMemory = await failure(pool.run('exhaustMemory', undefined));
    expect(outOfMemory.reason).toBe('memory');
    expect(await pool.run('echo', 'still here')).toBe('still here');
  });

  it('a worker that exits mid-task is "crashed"; an error thrown by a task is that error', async () => {
    const pool = testPool();
    expect((await failure(pool.run('exitWorker', undefined))).reason).toBe('crashed');
    const thrown = await failure(pool.run('fail', '解析失败'));
    expect(thrown.message).toBe('解析失败');
    expect('reason' in thrown).toBe(false);
    expect(await pool.run('echo', 3)).toBe(3);
  });

  it('runs tasks in parallel up to its thread count', async () => {
    const pool = testPool({ threads: 2 });
    await Promise.all([pool.run('echo', 0), pool.run('echo', 0)]);
    const started = performance.now();
    await Promise.all([pool.run('spin', 400), pool.run('spin', 400)]);
    // Two threads: well under the 800 ms of one after the other (generous for a busy 2-core machine).
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
