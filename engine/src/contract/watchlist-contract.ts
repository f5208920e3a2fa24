import * as z from 'zod/mini';
import { envelope, named } from './envelope.ts';
import { lightPullAnswer } from './quote-contract.ts';

/** GET /api/user/watchlist: the signed-in user's 自选, each company's price against its value. */

const nullableNumber = z.nullable(z.number());

export const watchlistEntrySchema = named(
  'WatchlistEntry',
  z.object({
    code: z.string().check(z.describe('6位公司代码')),
    name: z.string(),
    added_at: z.string().check(z.describe('加入自选的时间（ISO 8601）')),
    price: nullableNumber.check(z.describe('最新一期行情价格（元）；无行情时为 null')),
    date: z.nullable(z.string().check(z.describe('行情日期 YYYY-MM-DD'))),
    stale: z.boolean().check(z.describe('行情超过30天（过期）')),
    value_per_share: nullableNumber.check(z.describe('每股价值（元）；无估值时为 null')),
    margin_of_safety: nullableNumber.check(z.describe('安全边际 = 每股价值 / 价格 − 1')),
    warnings: z.array(z.string()).check(z.describe('估值标记，如 negative_equity_value（此时安全边际意义有限）')),
  }),
);

export const watchlistAnswer = envelope(z.array(watchlistEntrySchema));

/** GET /api/admin/quote-snapshots: the quote history by trading date, newest first. */
export const quoteSnapshotSchema = named(
  'QuoteSnapshot',
  z.object({
    date: z.string().check(z.describe('行情日期 YYYY-MM-DD')),
    rows: z.number().check(z.describe('该日期的公司数')),
    uploaded_at: z.string().check(z.describe('最后一次上传的时间（ISO 8601）')),
  }),
);
export type QuoteSnapshot = z.infer<typeof quoteSnapshotSchema>;

export const quoteSnapshotsAnswer = envelope(z.array(quoteSnapshotSchema));

/** The watchlist's pull (only the caller's rows): GET /api/sync/pull?tables=watchlist. */
export const watchlistPullAnswer = lightPullAnswer(['watchlist']);

/** A pulled watchlist row's data. */
export const watchlistRowSchema = z.object({ username: z.string(), company_code: z.string(), added_at: z.string() });
