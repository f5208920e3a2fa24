import * as z from 'zod/mini';
import { envelope, named } from './envelope.ts';

/** Market quotes: the snapshot upload (back office) and a company's latest quote. */

/** The figures a quote carries besides its company and date, as stored, synced and answered. */
export const QUOTE_FIGURES = [
  'price',
  'market_cap',
  'float_market_cap',
  'shares',
  'float_shares',
  'pe',
  'pb',
  'dividend_yield',
] as const;

/** A company's quote on one trading date. Price in 元, market values in 亿元, shares in 亿股. */
export const quoteSchema = named(
  'Quote',
  z.object({
    company: z.string().check(z.describe('6位公司代码')),
    date: z.string().check(z.describe('行情日期 YYYY-MM-DD')),
    price: z.number().check(z.describe('收盘价/最新价（元）')),
    market_cap: z.nullable(z.number().check(z.describe('总市值（亿元）'))),
    float_market_cap: z.nullable(z.number().check(z.describe('流通市值（亿元）'))),
    shares: z.nullable(z.number().check(z.describe('总股本（亿股）'))),
    float_shares: z.nullable(z.number().check(z.describe('流通股本（亿股）'))),
    pe: z.nullable(z.number().check(z.describe('文件中的市盈率'))),
    pb: z.nullable(z.number().check(z.describe('文件中的市净率'))),
    dividend_yield: z.nullable(z.number().check(z.describe('股息率（小数，0.03 = 3%）'))),
  }),
);
export type Quote = z.infer<typeof quoteSchema>;

/** GET /api/data/quotes/{company}: the latest snapshot (404 when the company has none). */
export const quoteAnswer = envelope(quoteSchema);

/** A row of a quote file that was not imported: its row number in the file (1 = first line) and why. */
export const refusedQuoteRowSchema = named(
  'RefusedQuoteRow',
  z.object({ row: z.number(), code: z.nullable(z.string()), reason: z.string() }),
);
export type RefusedQuoteRow = z.infer<typeof refusedQuoteRowSchema>;

/** One quote file's outcome: rows imported, rows refused, codes the platform does not know. */
export const quoteFileResultSchema = named(
  'QuoteFileResult',
  z.object({
    filename: z.string(),
    success: z.boolean(),
    error: z.nullable(z.string()),
    dates: z.array(z.string()).check(z.describe('导入的行情日期')),
    imported: z.number(),
    refused: z.array(refusedQuoteRowSchema),
    unknown_companies: z.array(z.string()).check(z.describe('平台中没有的公司代码（这些行未导入）')),
    units: z.optional(z.string().check(z.describe('识别出的市值与股本单位及其依据'))),
  }),
);
export type QuoteFileResult = z.infer<typeof quoteFileResultSchema>;

/** POST /api/upload_quotes: 200 when any file imported rows, 400 (with `detail`) when none did. */
export const quoteUploadAnswer = z.object({
  success: z.boolean(),
  files: z.array(quoteFileResultSchema),
  affected_companies: z.array(z.string()),
  message: z.string(),
  detail: z.optional(z.string()),
});
export type QuoteUploadAnswer = z.infer<typeof quoteUploadAnswer>;

/** The multipart form of a quote upload. */
export const quoteUploadForm = z.object({
  files: z.union([z.file(), z.array(z.file())]).check(z.describe('行情导出文件 .csv / .xlsx / .xls（GBK 或 UTF-8）')),
  date: z.optional(z.string().check(z.describe('行情日期 YYYY-MM-DD；不填则取文件名或文件内容中的日期，再不然为今天'))),
});

/** A `quotes` row as the sync pull carries it (the app's offline copy of each company's latest quote). */
export const quoteSyncDataSchema = z.object({
  company_code: z.string(),
  date: z.string(),
  price: z.number(),
  market_cap: z.nullable(z.number()),
  float_market_cap: z.nullable(z.number()),
  shares: z.nullable(z.number()),
  float_shares: z.nullable(z.number()),
  pe: z.nullable(z.number()),
  pb: z.nullable(z.number()),
  dividend_yield: z.nullable(z.number()),
});
export type QuoteSyncData = z.infer<typeof quoteSyncDataSchema>;

/** The public market tables the app keeps offline: latest quotes and the screener's models. */
export const MARKET_SYNC_TABLES = ['quotes', 'screener_models'] as const;

/**
 * GET /api/sync/pull?tables=… read with zod/mini for the given tables: the page loads the market and the
 * watchlist without the sync protocol's full schemas (which would weigh on the first screen). Each row's
 * data is checked when it is read.
 */
export function lightPullAnswer<const Tables extends readonly [string, ...string[]]>(tables: Tables) {
  return envelope(
    z.object({
      changes: z.array(
        z.object({
          table: z.enum(tables),
          key: z.string(),
          version: z.number(),
          change_seq: z.number(),
          data: z.nullable(z.record(z.string(), z.unknown())),
        }),
      ),
      cursor: z.number(),
      hasMore: z.boolean(),
    }),
  );
}

/** The market's pull (quoteSyncDataSchema; a screener model is the engine's ScreenerModel as JSON). */
export const marketPullAnswer = lightPullAnswer(MARKET_SYNC_TABLES);
