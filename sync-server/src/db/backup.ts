import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import Libsql from 'libsql';
import { currentChangeSeq } from './change-seq.ts';
import type { DatabaseLocation } from './database.ts';
import { execute, queryAll, queryOne } from './query.ts';

/**
 * How far ahead of the live counter a backup copy's change sequence is set. A copy is restored after the
 * live database went on writing; clients pulled rows up to the live counter, and the first write after a
 * restore must take a number above every cursor they hold, or they would never pull it (docs/sync.md).
 * Far more than the changes a database makes between two backups (the whole market imports a few million).
 */
export const RESTORED_CHANGE_SEQ_MARGIN = 1_000_000_000;

/** Only the server's own user may read a copy (it holds password hashes and the token secret). */
const PRIVATE_MODE = 0o600;

/** A backup that cannot be made; the message says why, in Chinese. */
export class BackupError extends Error {}

export interface BackupReport {
  readonly target: string;
  readonly bytes: number;
  readonly companies: number;
  /** The copy's change counter (the source's, plus RESTORED_CHANGE_SEQ_MARGIN). */
  readonly changeSeq: number;
}

/** The local file a backup reads: a libSQL server or an embedded replica is backed up at its primary. */
function localFile(location: DatabaseLocation): string {
  if (location.path === ':memory:') throw new BackupError('内存数据库无法备份');
  if (/^(libsql|https?|wss?):\/\//.test(location.path)) {
    throw new BackupError('DATABASE_URL 指向 libSQL 服务器：请用该服务器自己的备份方式（见 docs/operations.md）');
  }
  if (location.syncUrl) throw new BackupError('这是嵌入式副本：请备份它的主库（DATABASE_SYNC_URL 所指的服务器）');
  try {
    statSync(location.path);
  } catch {
    throw new BackupError(`数据库文件不存在：${location.path}`);
  }
  return location.path;
}

/** Creates the target empty with mode 0600 (VACUUM INTO fills an empty file and keeps its mode). */
function createTarget(target: string): void {
  try {
    closeSync(openSync(target, 'wx', PRIVATE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError(`备份文件已存在：${target}`);
    throw error;
  }
}

/**
 * Copies the database to `target` while servers keep writing: SQLite's `VACUUM INTO` reads one consistent
 * snapshot through a read-only connection of its own (an ordinary SQLite reader beside the server, which
 * never checkpoints or removes the live -wal), then the copy is checked (`PRAGMA integrity_check`) and its
 * change counter set RESTORED_CHANGE_SEQ_MARGIN ahead. Never copy the live files instead: a copy taken
 * mid-write, or without its -wal, is torn.
 */
export function backupDatabase(location: DatabaseLocation, target: string): BackupReport {
  const source = localFile(location);
  createTarget(target);
  try {
    const reader = new Libsql(`${pathToFileURL(source).href}?mode=ro`);
    try {
      reader.exec('PRAGMA busy_timeout = 5000');
      reader.prepare('VACUUM INTO ?').run([target]);
    } finally {
      reader.close();
    }
    return checkAndMark(target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  }
}

/** Checks the copy whole and moves its change counter ahead (see RESTORED_CHANGE_SEQ_MARGIN). */
function checkAndMark(target: string): BackupReport {
  const copy = new Libsql(target);
  let report: Omit<BackupReport, 'bytes'>;
  try {
    const problems = queryAll<{ integrity_check: string }>(copy, 'PRAGMA integrity_check')
      .map((row) => row.integrity_check)
      .filter((result) => result !== 'ok');
    if (problems.length > 0) throw new BackupError(`备份副本未通过完整性检查：${problems.slice(0, 3).join('；')}`);
    execute(copy, 'UPDATE change_counter SET seq = seq + ? WHERE id = 1', RESTORED_CHANGE_SEQ_MARGIN);
    const companies = queryOne<{ n: number }>(copy, 'SELECT count(*) AS n FROM companies WHERE deleted = 0')?.n ?? 0;
    report = { target, companies, changeSeq: currentChangeSeq(copy) };
  } finally {
    copy.close();
  }
  return { ...report, bytes: statSync(target).size };
}
