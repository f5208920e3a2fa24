import { randomUUID } from 'node:crypto';
import { DEFAULT_JOB_HEARTBEAT_TIMEOUT_MS } from '../config.ts';
import type { Database } from '../db/database.ts';
import {
  beatJobHeartbeats,
  createJob,
  failLostJobs,
  finishJob,
  type JobRecord,
  readJob,
  reportJobProgress,
} from '../store/jobs.ts';

/** Why a job ends when its server shuts down. */
export const STOPPED_JOB_REASON = '服务器正在关闭，任务已中止，请稍后重新发起';

/** What a job's work gets: a signal that says stop (the server is shutting down) and a progress report. */
export interface JobContext {
  readonly signal: AbortSignal;
  progress(done: number): void;
}

export interface JobStart {
  readonly kind: string;
  readonly total: number;
  readonly createdBy: string;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Background jobs run by this server, kept in the database so that any instance can report them
 * (GET /api/jobs/{id}). While jobs run, the server beats their heartbeat; a running job whose heartbeat
 * is older than the timeout has lost its server and is marked failed, at start and when it is read.
 */
export class BackgroundJobs {
  /** This server process, as the owner of the jobs it runs. */
  readonly owner = randomUUID();
  private readonly running = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly heartbeatTimeoutMs = DEFAULT_JOB_HEARTBEAT_TIMEOUT_MS,
  ) {}

  /** Marks failed the running jobs whose servers are gone; answers how many. */
  failLost(): number {
    return failLostJobs(this.db, this.heartbeatTimeoutMs);
  }

  /** Starts `work` after this turn of the event loop; answers the job id at once. */
  start<Result>(job: JobStart, work: (context: JobContext) => Promise<Result>): string {
    const id = createJob(this.db, { ...job, owner: this.owner });
    const context: JobContext = {
      signal: this.stopping.signal,
      progress: (done) => reportJobProgress(this.db, id, done),
    };
    const settled = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        this.stopping.signal.throwIfAborted();
        return work(context);
      })
      .then(
        (result) => finishJob(this.db, id, { result }),
        (error: unknown) => finishJob(this.db, id, { error: reasonOf(error) }),
      )
      .catch((error: unknown) => console.error(`后台任务 ${id} 的结果无法写入数据库`, error))
      .finally(() => {
        this.running.delete(id);
        if (this.running.size === 0) this.stopHeartbeat();
      });
    this.running.set(id, settled);
    this.startHeartbeat();
    return id;
  }

  /** The job as stored; a running job whose server is gone is marked failed first. */
  read(id: string): JobRecord | undefined {
    failLostJobs(this.db, this.heartbeatTimeoutMs, Date.now(), id);
    return readJob(this.db, id);
  }

  /** Settles when the job has ended (at once when this server runs no such job). */
  settled(id: string): Promise<void> {
    return this.running.get(id) ?? Promise.resolve();
  }

  /** Tells running jobs to stop (they end failed, saying why) and waits until they have. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error(STOPPED_JOB_REASON));
    await Promise.all(this.running.values());
    this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    // Several beats per timeout, so one late beat (a busy moment) does not make a live job look lost.
    const every = Math.max(100, Math.floor(this.heartbeatTimeoutMs / 6));
    this.heartbeat = setInterval(() => {
      try {
        beatJobHeartbeats(this.db, this.owner);
      } catch (error) {
        console.error('后台任务心跳无法写入数据库', error);
      }
    }, every);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
