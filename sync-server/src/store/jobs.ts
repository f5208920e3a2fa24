import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

type JobStatus = 'running' | 'done' | 'failed';

export interface JobRecord {
  readonly id: string;
  readonly kind: string;
  readonly status: JobStatus;
  readonly done: number;
  readonly total: number;
  readonly result: unknown;
  readonly error: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Why a job whose server stopped reporting is failed: the person who started it may simply start it again. */
export const LOST_JOB_REASON = '执行该任务的服务器已停止响应（可能已重启或崩溃），任务未完成，请重新发起';

export interface NewJob {
  readonly kind: string;
  readonly total: number;
  readonly createdBy: string;
  /** The server instance that runs it (and keeps its heartbeat). */
  readonly owner: string;
}

export function createJob(db: Database, job: NewJob, nowMs = Date.now()): string {
  const id = randomUUID();
  const now = new Date(nowMs).toISOString();
  execute(
    db,
    `INSERT INTO jobs (id, kind, status, done, total, created_by, created_at, updated_at, owner, heartbeat_ms)
     VALUES (?, ?, 'running', 0, ?, ?, ?, ?, ?, ?)`,
    id,
    job.kind,
    job.total,
    job.createdBy,
    now,
    now,
    job.owner,
    nowMs,
  );
  return id;
}

/** Progress of a running job; it also says the job's server is alive. */
export function reportJobProgress(db: Database, id: string, done: number, nowMs = Date.now()): void {
  execute(
    db,
    `UPDATE jobs SET done = ?, updated_at = ?, heartbeat_ms = ? WHERE id = ? AND status = 'running'`,
    done,
    new Date(nowMs).toISOString(),
    nowMs,
    id,
  );
}

/** The running jobs of `owner` are alive (their server is). */
export function beatJobHeartbeats(db: Database, owner: string, nowMs = Date.now()): void {
  execute(db, `UPDATE jobs SET heartbeat_ms = ? WHERE owner = ? AND status = 'running'`, nowMs, owner);
}

/**
 * Ends a running job. A job already ended (marked failed as lost while its server was stalled) stays as
 * it is: whoever polled it has been told so.
 */
export function finishJob(db: Database, id: string, outcome: { result: unknown } | { error: string }): void {
  const now = new Date().toISOString();
  if ('error' in outcome) {
    execute(
      db,
      `UPDATE jobs SET status = 'failed', error = ?, updated_at = ? WHERE id = ? AND status = 'running'`,
      outcome.error,
      now,
      id,
    );
  } else {
    execute(
      db,
      `UPDATE jobs SET status = 'done', done = total, result_json = ?, updated_at = ?
       WHERE id = ? AND status = 'running'`,
      JSON.stringify(outcome.result),
      now,
      id,
    );
  }
}

/**
 * Marks failed every running job (or just `id`) whose heartbeat is older than `timeoutMs`: its server is
 * gone. Jobs from before heartbeats were kept have none and count as lost. Answers how many were marked.
 */
export function failLostJobs(db: Database, timeoutMs: number, nowMs = Date.now(), id?: string): number {
  const only = id === undefined ? '' : ' AND id = ?';
  return execute(
    db,
    `UPDATE jobs SET status = 'failed', error = ?, updated_at = ?
     WHERE status = 'running' AND (heartbeat_ms IS NULL OR heartbeat_ms < ?)${only}`,
    LOST_JOB_REASON,
    new Date(nowMs).toISOString(),
    nowMs - timeoutMs,
    ...(id === undefined ? [] : [id]),
  ).changes;
}

export function readJob(db: Database, id: string): JobRecord | undefined {
  const row = queryOne<Omit<JobRecord, 'result'> & { result_json: string | null }>(
    db,
    'SELECT id, kind, status, done, total, result_json, error, created_at, updated_at FROM jobs WHERE id = ?',
    id,
  );
  if (!row) return undefined;
  const { result_json, ...job } = row;
  return { ...job, result: result_json ? JSON.parse(result_json) : null };
}
