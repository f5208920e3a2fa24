import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const LIBSQL = createRequire(import.meta.url).resolve('libsql');

/** Opens the database, runs one query, closes it and exits: what `sqlite3 <db> '<sql>'` does. */
const OUTSIDE_QUERY = `
const Database = require(process.argv[1]);
const db = new Database(process.argv[2]);
const rows = db.prepare(process.argv[3]).raw(true).all();
db.close();
process.stdout.write(JSON.stringify(rows));
`;

/**
 * Runs `sql` against the database file from another SQLite process (libsql, in a child Node process that
 * opens the file, reads and closes it): an operator's `sqlite3` call, a backup tool, a second program.
 * Answers the rows as arrays of values.
 */
export async function queryFromOutside(path: string, sql: string): Promise<unknown[][]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', OUTSIDE_QUERY, LIBSQL, path, sql]);
  return JSON.parse(stdout) as unknown[][];
}

/** Whether this system reports POSIX locks (Linux's /proc/locks). */
export const locksVisible = existsSync('/proc/locks');

/** The POSIX lock lines of /proc/locks that process `pid` holds on the file at `path`. */
export function locksHeld(pid: number, path: string): string[] {
  const inode = statSync(path).ino;
  return readFileSync('/proc/locks', 'utf8')
    .split('\n')
    .filter((line) => {
      const fields = line.trim().split(/\s+/);
      // "1: POSIX  ADVISORY  READ 1234 fe:00:2172762 1073741826 1073742335"
      return fields[4] === String(pid) && fields[5]?.split(':')[2] === String(inode);
    });
}

/** The files process `pid` still has open although they were deleted (/proc/PID/fd shows "(deleted)"). */
export function deletedFilesHeld(pid: number): string[] {
  const folder = `/proc/${pid}/fd`;
  const targets: string[] = [];
  for (const fd of readdirSync(folder)) {
    try {
      targets.push(readlinkSync(`${folder}/${fd}`));
    } catch {
      // closed meanwhile
    }
  }
  return targets.filter((target) => target.endsWith(' (deleted)'));
}
