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
