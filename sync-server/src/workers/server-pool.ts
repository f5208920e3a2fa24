import type { ServerConfig } from '../config.ts';
import type * as ServerTasks from './tasks.ts';
import { WorkerPool, type WorkerPoolFailure } from './worker-pool.ts';

export type ServerPool = WorkerPool<typeof ServerTasks>;

/** The server's one pool: upload parsing and PDF drawing share its threads, queue and limits. */
export function startServerPool(config: ServerConfig): ServerPool {
  return new WorkerPool<typeof ServerTasks>({
    taskModule: new URL('./tasks.ts', import.meta.url),
    threads: config.workerThreads,
    maxQueue: config.workerQueue,
    timeLimitMs: config.workerTimeLimitMs,
    memoryLimitMb: config.workerMemoryMb,
    idleMs: config.workerIdleMs,
  });
}

/** Seconds a refused caller is told to wait (`Retry-After`) while every worker is taken. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

export const SERVER_BUSY_MESSAGE = '服务器繁忙，请稍后重试';

/**
 * Why a task did not finish, for the person who asked for it: `work` names the task ('解析文件'),
 * `advice` what to do about a task that was too big ('请精简文件后重试').
 */
export function poolFailureMessage(
  reason: WorkerPoolFailure,
  { work, advice }: { work: string; advice: string },
  config: ServerConfig,
): string {
  switch (reason) {
    case 'busy':
      return SERVER_BUSY_MESSAGE;
    case 'timeout':
      return `${work}超时：超过 ${config.workerTimeLimitMs / 1000} 秒仍未完成，已中止，${advice}`;
    case 'memory':
      return `${work}所需内存超过上限（${config.workerMemoryMb} MB），已中止，${advice}`;
    case 'crashed':
      return `${work}的工作线程意外退出，请重试`;
  }
}
