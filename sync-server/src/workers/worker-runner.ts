/**
 * What a pool worker runs (loaded by worker-entry.mjs): it imports the pool's task module once, then runs
 * each task envelope's named export, telling the pool when a task starts so its time limit counts from then
 * (after the task's `prepare` step, worker-protocol.ts).
 */
import { parentPort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TaskModule } from './worker-pool.ts';
import { type PreparedTask, TASK_STARTED, type TaskEnvelope, type WorkerEntryData } from './worker-protocol.ts';

// Loaded before the worker reports ready, so a task's time limit never pays for a worker's start.
const tasks = (await import((Piscina.workerData as WorkerEntryData).taskModule)) as TaskModule;

export default async function runTask({ id, name, input }: TaskEnvelope): Promise<unknown> {
  const task: PreparedTask<never> | undefined = tasks[name];
  if (typeof task !== 'function') throw new Error(`unknown task: ${name}`);
  // The pool typed the input by the task it named; here it is whatever arrived.
  await task.prepare?.(input as never);
  parentPort?.postMessage({ kind: TASK_STARTED, id });
  const result = await task(input as never);
  // A buffer (a PDF) goes back to the event loop without a copy.
  return result instanceof ArrayBuffer ? Piscina.move(result) : result;
}
