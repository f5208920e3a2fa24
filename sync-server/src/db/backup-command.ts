/**
 * `npm run backup [target]`: a consistent copy of the database of DATABASE_URL, safe while servers run
 * (docs/operations.md, "Durability and backups"). Without a target the copy goes to `backups/` beside the
 * database file, named by the time.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { configFromEnv } from '../config.ts';
import { backupDatabase } from './backup.ts';
import { configuredDatabaseLocation } from './database.ts';

/** `fcf-20260131-235959.db`, in local time (what an operator reads beside the clock). */
function timestampedName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `fcf-${day}-${time}.db`;
}

try {
  const location = configuredDatabaseLocation(configFromEnv());
  const [, , targetArgument] = process.argv;
  let target: string;
  if (targetArgument) {
    target = resolve(targetArgument);
  } else {
    const folder = join(dirname(location.path), 'backups');
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    target = join(folder, timestampedName(new Date()));
  }
  const report = backupDatabase(location, target);
  const megabytes = (report.bytes / 1024 / 1024).toFixed(1);
  console.log(`备份完成：${report.target}（${megabytes} MB，${report.companies} 家公司，完整性检查通过）`);
} catch (error) {
  // A refusal says why in Chinese; the driver's own error (not a database of this platform) as it is.
  console.error(`备份失败：${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
