import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORED_RANGE_DRAWS, verdictOf } from '@fcf/engine';
import { screenerAnswer, uncertaintyAnswer, watchlistAnswer } from '@fcf/engine/contract';
import { SYNC_SCHEMA_VERSION } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseLocation, openDatabase } from '../db/database.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';
import { queryAll, queryOne } from '../db/query.ts';
import { answerOf, readData } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { loadListedShares } from './stored-inputs.ts';

/**
 * The verdict stored per company (docs/model.md 16, the stored verdict): a valuation run stores the rating,
 * margin, weighted value and verdict of the server's seeded simulation beside the value; a quote upload
 * reads the verdict again against the new price; a value that is not meaningful has none.
 */

interface StoredRow {
  readonly value_per_share: number | null;
  readonly uncertainty_rating: string | null;
  readonly required_margin: number | null;
  readonly range_value: number | null;
  readonly verdict: string | null;
}

let platform: TestPlatform;
let admin: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
});
afterAll(() => platform.close());

const MIDEA = '000333';
const stored = (code: string) =>
  queryOne<StoredRow>(
    platform.db,
    `SELECT value_per_share, uncertainty_rating, required_margin, range_value, verdict FROM valuation_results
     WHERE company_code = ? AND deleted = 0`,
    code,
  );

async function uploadPrice(code: string, name: string, price: number): Promise<void> {
  // The share count as stored, so only the price moves.
  const shares = Math.round((loadListedShares(platform.db, code)?.count ?? 0) * 1e8);
  const form = new FormData();
  const csv = `代码,名称,日期,收盘价(元),总股本(股)\n${code},${name},2025-06-30,${price},${shares}\n`;
  form.append('files', new File([csv], 'price.csv', { type: 'text/csv' }));
  const response = await platform.app.request('/api/upload_quotes', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('the stored verdict', () => {
  it('a valuation run stores the rating, margin and verdict of the seeded simulation beside the value', async () => {
    const run = await platform.call('POST', `/api/valuation/company/${MIDEA}`, { token: admin, body: {} });
    expect(run.status).toBe(200);
    const row = stored(MIDEA);
    const range = (
      await answerOf(
        await platform.call('GET', `/api/home/uncertainty/${MIDEA}?draws=${STORED_RANGE_DRAWS}`),
        uncertaintyAnswer,
      )
    ).data;
    expect(range.rating).not.toBeNull();
    expect(row).toMatchObject({
      uncertainty_rating: range.rating,
      required_margin: range.required_margin,
      range_value: range.weighted_value,
      verdict: range.verdict,
    });
    const screened = await readData(platform, '/api/data/screener?limit=500', screenerAnswer);
    expect(screened.rows.find((r) => r.code === MIDEA)).toMatchObject({
      model: 'fcff',
      uncertainty_rating: range.rating,
      required_margin: range.required_margin,
      verdict: range.verdict,
    });
  });

  it('a new price reads the verdict again, in the stored row, the screener and the watchlist', async () => {
    const before = stored(MIDEA);
    const value = before?.range_value ?? 0;
    const margin = before?.required_margin ?? 0;
    expect(value).toBeGreaterThan(0);
    const user = await platform.userToken();
    const pushed = await platform.call('POST', '/api/sync/push', {
      token: user,
      body: {
        clientId: 'stored-verdict-test',
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [{ id: 1, name: 'addToWatchlist', args: { user: 'investor_1', company: MIDEA }, baseVersion: 0 }],
      },
    });
    expect(pushed.status).toBe(200);
    for (const [price, verdict] of [
      [Number((value * (1 - margin) * 0.5).toFixed(2)), '低估'],
      [Number((value * (1 + margin) * 2).toFixed(2)), '高估'],
      [Number(value.toFixed(2)), '合理'],
    ] as const) {
      await uploadPrice(MIDEA, '美的集团', price);
      const row = stored(MIDEA);
      expect(row?.verdict).toBe(verdict);
      expect(verdictOf(price, row?.range_value ?? null, row?.required_margin ?? 0)).toBe(verdict);
      const screened = await readData(platform, `/api/data/screener?limit=500&verdict=${verdict}`, screenerAnswer);
      expect(screened.rows.map((r) => r.code)).toContain(MIDEA);
      expect(screened.rows.every((r) => r.verdict === verdict)).toBe(true);
      const watched = await answerOf(
        await platform.call('GET', '/api/user/watchlist', { token: user }),
        watchlistAnswer,
      );
      const entry = watched.data.find((e) => e.code === MIDEA);
      expect(entry).toMatchObject({ verdict, uncertainty_rating: row?.uncertainty_rating });
    }
  });

  it('a value that is not meaningful has no verdict, and the screener hides it by default with a count', async () => {
    const rows = queryAll<StoredRow & { company_code: string }>(
      platform.db,
      `SELECT company_code, value_per_share, uncertainty_rating, required_margin, range_value, verdict
       FROM valuation_results WHERE deleted = 0`,
    );
    for (const row of rows.filter((r) => r.value_per_share === null)) {
      expect(row, row.company_code).toMatchObject({ uncertainty_rating: null, verdict: null });
    }
    const all = await readData(platform, '/api/data/screener?limit=500&hide_flagged=0', screenerAnswer);
    const notMeaningful = all.rows.filter((r) => r.value_per_share === null);
    for (const row of notMeaningful) expect(row.verdict).toBeNull();
    const shown = await readData(platform, '/api/data/screener?limit=500', screenerAnswer);
    expect(shown.hidden).toBeGreaterThanOrEqual(notMeaningful.length);
    expect(shown.total + shown.hidden).toBe(all.total);
    expect(shown.rows.every((r) => r.value_per_share !== null)).toBe(true);
  });

  it('the screener filters by model, verdict and warning; a bad value is a 400 naming it', async () => {
    const fcff = await readData(platform, '/api/data/screener?limit=500&hide_flagged=0&model=fcff', screenerAnswer);
    expect(fcff.rows.length).toBeGreaterThan(0);
    expect(fcff.rows.every((r) => r.model === 'fcff')).toBe(true);
    const none = await readData(platform, '/api/data/screener?limit=500&hide_flagged=0&verdict=none', screenerAnswer);
    expect(none.rows.every((r) => r.verdict === null)).toBe(true);
    const clean = await readData(platform, '/api/data/screener?limit=500&hide_flagged=0&warning=none', screenerAnswer);
    expect(clean.rows.every((r) => r.flags.length === 0)).toBe(true);
    const stale = await readData(
      platform,
      '/api/data/screener?limit=500&hide_flagged=0&warning=stale_report',
      screenerAnswer,
    );
    expect(stale.rows.every((r) => r.flags.includes('stale_report'))).toBe(true);
    for (const query of ['model=dcf', 'verdict=便宜', 'warning=bad_code']) {
      const response = await platform.call('GET', `/api/data/screener?${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toContain(query.split('=')[0]);
    }
  });
});

describe('migration 020', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fcf-verdict-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a database at 019 gets the verdict columns, its stored rows without a verdict', () => {
    const db = openDatabase(databaseLocation(`file:${join(dir, 'at-019.db')}`));
    migrate(
      db,
      loadMigrations().filter((migration) => migration.version <= 19),
    );
    db.exec(
      `INSERT INTO valuation_results (company_code, latest_year, value_per_share, result_json, computed_at, change_seq)
       VALUES ('000333', 2024, 80, '{}', '2025-01-01', 1)`,
    );
    expect(migrate(db)).toContain(20);
    expect(
      queryOne(db, 'SELECT model, uncertainty_rating, required_margin, range_value, verdict FROM valuation_results'),
    ).toEqual({ model: 'fcff', uncertainty_rating: null, required_margin: null, range_value: null, verdict: null });
    db.close();
  });
});
