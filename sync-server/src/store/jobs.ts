import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

export type JobStatus = 'running' | 'done' | 'failed';

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

export function createJob(db: Database, kind: string, total: number, createdBy: string): string {
  const id = randomUUID();
  const now = new Date().toISOString();
  execute(
    db,
    `INSERT INTO jobs (id, kind, status, done, total, created_by, created_at, updated_at)
     VALUES (?, ?, 'running', 0, ?, ?, ?, ?)`,
    id,
    kind,
    total,
    createdBy,
    now,
    now,
  );
  return id;
}

export function reportJobProgress(db: Database, id: string, done: number): void {
  execute(db, 'UPDATE jobs SET done = ?, updated_at = ? WHERE id = ?', done, new Date().toISOString(), id);
}

export function finishJob(db: Database, id: string, outcome: { result: unknown } | { error: string }): void {
  const now = new Date().toISOString();
  if ('error' in outcome) {
    execute(db, `UPDATE jobs SET status = 'failed', error = ?, updated_at = ? WHERE id = ?`, outcome.error, now, id);
  } else {
    execute(
      db,
      `UPDATE jobs SET status = 'done', done = total, result_json = ?, updated_at = ? WHERE id = ?`,
      JSON.stringify(outcome.result),
      now,
      id,
    );
  }
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
