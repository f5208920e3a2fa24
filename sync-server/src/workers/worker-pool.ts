import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { TASK_STARTED, type TaskEnvelope, type WorkerEntryData } from './worker-protocol.ts';

/**
 * A module of tasks: each export takes one structured-cloneable input and returns (a promise of) a result.
 * (`never`: any one-argument function fits; `run` reads each task's own input type back.)
 */
export type TaskModule = Record<string, (input: never) => unknown>;

export interface WorkerPoolOptions {
  /** The module whose exports are the tasks (a .ts file: workers load it through tsx). */
  readonly taskModule: URL;
  /** Tasks running at once, one per worker thread. */
  readonly threads: number;
  /** Tasks waiting for a thread; one more is refused with `busy`. */
  readonly maxQueue: number;
  /** Running time of one task, from the moment a worker picks it up, before its worker is terminated. */
  readonly timeLimitMs: number;
  /** Heap of each worker (old generation); a task that needs more kills its worker, not the server. */
  readonly memoryLimitMb: number;
  /** How long an idle worker is kept before it exits (and all its memory goes back to the system). */
  readonly idleMs: number;
}

export type WorkerPoolFailure = 'busy' | 'timeout' | 'memory' | 'crashed';

/** A task that did not run to its end for a reason of the pool's, not of the task's own code. */
export class WorkerPoolError extends Error {
  override readonly name = 'WorkerPoolError';
  constructor(
    readonly reason: WorkerPoolFailure,
    message: string,
  ) {
    super(message);
  }
}

export function isWorkerPoolError(error: unknown): error is WorkerPoolError {
  return error instanceof WorkerPoolError;
}

/** One thread fewer than the machine's cores, so the event loop keeps a core of its own; at least one. */
export function defaultWorkerThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Workers run at a lower CPU priority than the event loop that answers every other request. */
const WORKER_NICE_INCREMENT = 5;

/**
 * A fixed set of worker threads that runs named tasks of one module off the event loop, with a bounded
 * queue, a time limit per task and a memory limit per worker. Built on piscina; what piscina leaves to
 * its caller is here: the time limit counts from when a worker starts the task (a task waiting behind a
 * slow one keeps its full time), and every way a task can fail for the pool's sake is one typed error.
 *
 * @example
 * const pool = new WorkerPool<typeof import('./tasks.ts')>({ taskModule: new URL('./tasks.ts', import.meta.url), ... });
 * const pdf = await pool.run('renderReportPdf', input);
 */
export class WorkerPool<Tasks extends TaskModule> {
  private readonly piscina: Piscina<TaskEnvelope, unknown>;
  private readonly options: WorkerPoolOptions;
  /** By task id: what to do when its worker says it has started it (start the time limit). */
  private readonly onStart = new Map<number, () => void>();
  private nextId = 1;
  /** Tasks submitted and not yet settled: running on a worker, starting one, or waiting. */
  private inFlight = 0;

  constructor(options: WorkerPoolOptions) {
    this.options = options;
    const workerData: WorkerEntryData = { taskModule: options.taskModule.href };
    this.piscina = new Piscina({
      filename: new URL('./worker-entry.mjs', import.meta.url).href,
      workerData,
      // The entry registers its own TypeScript loader; the parent's flags (vitest's, tsx's) do not apply.
      execArgv: [],
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: options.idleMs,
      niceIncrement: WORKER_NICE_INCREMENT,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryLimitMb },
    });
    this.piscina.on('message', (message: unknown) => {
      if (isStartedMessage(message)) this.onStart.get(message.id)?.();
    });
    // A worker that dies between tasks is replaced on the next task; nothing waits on it.
    this.piscina.on('error', (error: unknown) => console.error('工作线程异常退出（下一个任务将启动新线程）', error));
  }

  /** Worker threads alive now (they start with the first task and exit when idle). */
  get liveThreads(): number {
    return this.piscina.threads.length;
  }

  /** Whether a task submitted now would be refused with `busy`: every thread taken and the queue full. */
  get full(): boolean {
    return this.inFlight >= this.options.threads + this.options.maxQueue;
  }

  /**
   * Runs the task `name` on a worker. Rejects with a WorkerPoolError when the queue is full (at once),
   * when the task runs past the time limit (its worker is terminated and replaced), or when its worker
   * runs out of memory or dies; an error thrown by the task itself rejects as that error.
   * `transfer` hands buffers of the input to the worker instead of copying them (they become unusable here).
   */
  async run<Name extends keyof Tasks & string>(
    name: Name,
    input: Parameters<Tasks[Name]>[0],
    transfer: readonly ArrayBuffer[] = [],
  ): Promise<Awaited<ReturnType<Tasks[Name]>>> {
    if (this.full) throw new WorkerPoolError('busy', 'task queue full');
    this.inFlight++;
    const id = this.nextId++;
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    this.onStart.set(id, () => {
      timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, this.options.timeLimitMs);
    });
    try {
      const result = await this.piscina.run({ id, name, input } satisfies TaskEnvelope, {
        signal: abort.signal,
        transferList: [...transfer],
      });
      return result as Awaited<ReturnType<Tasks[Name]>>;
    } catch (error) {
      if (timedOut) throw new WorkerPoolError('timeout', `task ${name} ran past ${this.options.timeLimitMs} ms`);
      throw poolFailure(error) ?? error;
    } finally {
      this.inFlight--;
      clearTimeout(timer);
      this.onStart.delete(id);
    }
  }

  /** Ends every worker; tasks still queued or running are rejected. */
  async close(): Promise<void> {
    await this.piscina.destroy();
  }
}

function isStartedMessage(message: unknown): message is { kind: typeof TASK_STARTED; id: number } {
  return typeof message === 'object' && message !== null && 'kind' in message && message.kind === TASK_STARTED;
}

/** Node's errors for a worker that ran out of heap, or that exited while running the task. */
function poolFailure(error: unknown): WorkerPoolError | undefined {
  if (!(error instanceof Error)) return undefined;
  if ('code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new WorkerPoolError('memory', error.message);
  }
  if (/^worker exited with code/i.test(error.message) || ('code' in error && error.code === 'ERR_WORKER_INIT_FAILED')) {
    return new WorkerPoolError('crashed', error.message);
  }
  return undefined;
}
