/**
 * `npm run seed:market <dir> [quotes dir]`: imports the whole market into the database of DATABASE_URL,
 * through the same import paths as the uploads (see market-seed.ts). `dir` holds fullStockList.csv,
 * industryCoding.csv and summary/; the quote folder (year-end closes and share counts) is the second
 * argument, else `quotes/market` beside `dir` when it exists.
 */
import { resolve } from 'node:path';
import { configFromEnv } from '../config.ts';
import { configuredDatabaseLocation, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedMarket, siblingQuotesDir } from './market-seed.ts';

const [, , dirArgument, quotesArgument] = process.argv;
if (!dirArgument) {
  console.error(
    '用法：npm run seed:market <目录> [行情目录]（目录内含 fullStockList.csv、industryCoding.csv 与 summary/；' +
      '未给行情目录时使用同级的 quotes/market）',
  );
  process.exit(2);
}
const config = configFromEnv();
const marketDir = resolve(dirArgument);
const quotesDir = quotesArgument ? resolve(quotesArgument) : siblingQuotesDir(marketDir);
console.log(quotesDir ? `行情目录：${quotesDir}` : '未找到行情目录（同级 quotes/market）：只导入财务摘要');
const db = openDatabase(configuredDatabaseLocation(config));
migrate(db);

const started = performance.now();
const outcome = seedMarket(db, { marketDir, quotesDir, log: (line) => console.log(line) });
const seconds = (performance.now() - started) / 1000;
const { imported, unchanged, total } = outcome.statementFiles;
console.log(
  `全市场导入完成：财务摘要 ${imported} / ${total} 个文件（${unchanged} 个已导入过，未变），` +
    `行情 ${outcome.quoteFiles} 个文件 ${outcome.quoteRows} 行，重估 ${outcome.revalued} 家，` +
    `估值筛选可列 ${outcome.screened} 家；用时 ${seconds.toFixed(1)} 秒（${config.databaseUrl}）`,
);
const { failures } = outcome;
if (failures.length > 0) console.log(`失败 ${failures.length} 项：\n${failures.slice(0, 20).join('\n')}`);
db.close();
