/** What the pool and its workers say to each other, besides piscina's own messages. */

/** The envelope of every task: which export of the task module to call, with what. */
export interface TaskEnvelope {
  readonly id: number;
  readonly name: string;
  readonly input: unknown;
}

/** Handed to each worker at start: the module whose exports are the tasks. */
export interface WorkerEntryData {
  readonly taskModule: string;
}

/** Posted by a worker when it begins a task: the task's time limit starts then, not when it was queued. */
export const TASK_STARTED = 'fcf-task-started';

/**
 * A task may load what it needs once per worker (a file of the server's own: the company directory, the PDF
 * font) in a `prepare` step of its own, run before the task's time limit starts: otherwise a fresh worker's
 * first task pays for it, and a small file's parse can run past a tight limit on a loaded machine.
 */
export interface PreparedTask<Input> {
  (input: Input): unknown;
  prepare?: (input: Input) => Promise<unknown>;
}
