/**
 * `npm run seed:market [dir]`: imports the whole market — every company of fullStockList.csv and its
 * NetEase financial summary (summary/<code>.csv) — into the database of DATABASE_URL, through the same
 * import path as an upload. `dir` holds fullStockList.csv, industryCoding.csv and summary/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configFromEnv } from '../config.ts';
import { configuredDatabaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { loadCompanyDirectory, loadIndustries } from '../ingest/index.ts';
import { importStatementFile } from '../store/import-statement-file.ts';
import { backfillIndustryStatistics } from '../valuation/industry-comparisons.ts';

const [, , dirArgument] = process.argv;
if (!dirArgument) {
  console.error('用法：npm run seed:market <目录>（目录内含 fullStockList.csv、industryCoding.csv 与 summary/）');
  process.exit(2);
}
const config = configFromEnv();
const marketDir = resolve(dirArgument);
const db = openDatabase(configuredDatabaseLocation(config));
migrate(db);

const directory = loadCompanyDirectory(readFileSync(join(marketDir, 'fullStockList.csv')));
const industries = loadIndustries(readFileSync(join(marketDir, 'industryCoding.csv')));
const summaryDir = join(marketDir, 'summary');
const files = readdirSync(summaryDir).filter((name) => name.endsWith('.csv'));

const started = performance.now();
let imported = 0;
const failures: string[] = [];
for (const [index, name] of files.entries()) {
  const result = importStatementFile(db, name, readFileSync(join(summaryDir, name)), {
    directory,
    industries,
    uploadedBy: 'seed:market',
  });
  if (result.success) imported++;
  else failures.push(`${name}: ${result.error}`);
  if ((index + 1) % 500 === 0) console.log(`已处理 ${index + 1} / ${files.length}`);
}
// 行业对比: every industry the import touched, built once at the end rather than per file.
backfillIndustryStatistics(db, new Date());
const seconds = (performance.now() - started) / 1000;
console.log(
  `全市场导入完成：${imported} / ${files.length} 个文件，用时 ${seconds.toFixed(1)} 秒（${config.databaseUrl}）`,
);
if (failures.length > 0) console.log(`失败 ${failures.length} 个：\n${failures.slice(0, 20).join('\n')}`);
db.close();
