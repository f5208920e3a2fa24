import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { companyBundleAnswer, companyListAnswer, dcfValuationAnswer } from '@fcf/engine/contract';
import { SYNC_SCHEMA_VERSION } from '@fcf/engine/sync';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import { CompanyListSnapshot } from '../cache/company-list.ts';
import { databaseLocation, openDatabase } from '../db/database.ts';
import { type EmptyPlatform, fixtureFile, startEmptyPlatform, upload } from '../routes/testing/uploads.ts';
import { readMeta } from '../store/meta.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * The view cache never answers with data older than the database: after every kind of write (forecast
 * edits over REST and sync, uploads, valuation runs, deletes), through this instance or another one on the
 * same database, the cached answers are those of the data as it now is. Correctness only, no timing.
 */

const MIDEA = encodeURIComponent('美的集团');
const DCF = `/api/home/dcf_valuation/${MIDEA}`;
const BUNDLE = `/api/data/company-bundle/${MIDEA}`;
const LIST = '/api/data/available-companies';

/** Requests that arrive over the network come in later turns of the event loop than a write before them. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function read(app: Pick<TestPlatform, 'call'>, path: string) {
  await nextTurn();
  return app.call('GET', path);
}

describe('cached views after writes through this instance', () => {
  let platform: TestPlatform;
  let admin: string;
  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await platform.adminToken();
  });
  afterAll(() => platform.close());

  const valuePerShare = async () =>
    (await answerOf(await read(platform, DCF), dcfValuationAnswer)).data.valuation.value_per_share ?? Number.NaN;

  it('a REST forecast edit changes the DCF answer, its ETag and the bundle', async () => {
    const before = await read(platform, DCF);
    const etag = before.headers.get('etag') ?? '';
    const value = (await answerOf(before, dcfValuationAnswer)).data.valuation.value_per_share ?? Number.NaN;
    const bundleEtag = (await read(platform, BUNDLE)).headers.get('etag');
    const edit = await platform.call('POST', `/api/admin/adjust-parameters/${MIDEA}`, {
      token: admin,
      body: { company_name: '美的集团', year: null, parameters: { wacc_manual: 0.12 } },
    });
    expect(edit.status).toBe(200);
    // Straight after the write, in the same turn: this instance forgot the sequence it had read.
    const after = await platform.call('GET', DCF);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect((await answerOf(after, dcfValuationAnswer)).data.valuation.value_per_share ?? Number.NaN).toBeLessThan(
      value,
    );
    const bundle = await read(platform, BUNDLE);
    expect(bundle.headers.get('etag')).not.toBe(bundleEtag);
    expect((await answerOf(bundle, companyBundleAnswer)).data.parameters.wacc_manual).toBe(0.12);
    // The old copy no longer matches: a full answer, not a 304.
    const revalidated = await platform.call('GET', DCF, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(200);
  });

  it('a forecast edit pushed through sync changes the DCF answer', async () => {
    const before = await valuePerShare();
    const push = await platform.call('POST', '/api/sync/push', {
      token: admin,
      body: {
        clientId: 'view-cache-client-1',
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [
          {
            id: 1,
            name: 'setValuationParameter',
            args: { company: '000333', parameter: 'wacc_manual', value: 0.07 },
            baseVersion: 1,
          },
        ],
      },
    });
    expect(push.status).toBe(200);
    const results = ((await push.json()) as { data: { results: { status: string }[] } }).data.results;
    expect(results[0]?.status).toBe('applied');
    expect(await valuePerShare()).toBeGreaterThan(before);
  });

  it('a valuation run moves the sequence; an unchanged answer keeps its ETag (the client copy stays valid)', async () => {
    const before = await read(platform, DCF);
    const etag = before.headers.get('etag') ?? '';
    const run = await platform.call('POST', '/api/valuation/auto', { token: admin, body: { companies: ['000333'] } });
    expect(run.status).toBe(200);
    const after = await read(platform, DCF);
    expect(after.headers.get('etag')).toBe(etag);
    expect((await platform.call('GET', DCF, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('a page asked with "#?" before the query cannot stand in for that page later (over a socket)', async () => {
    // A raw request line keeps the "#": the router reads no query after it.
    const server = createServer(getRequestListener(platform.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const rawGet = (target: string) =>
      new Promise<{ data: { bundles: unknown[] } }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
        });
        socket.on('end', () => resolve(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))));
        socket.on('error', reject);
      });
    try {
      // Without its query the route answers its default page (every company here).
      const bundles = '/api/data/company-bundles';
      expect((await rawGet(`${bundles}#?limit=1`)).data.bundles.length).toBeGreaterThan(1);
      await nextTurn();
      expect((await rawGet(`${bundles}?limit=1`)).data.bundles).toHaveLength(1);
      expect((await rawGet(`${bundles}?limit=1`)).data.bundles).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('a forecast edit keeps the company list: its answer is not built again, and a client copy stays valid', async () => {
    const before = await read(platform, LIST);
    const etag = before.headers.get('etag') ?? '';
    const edit = await platform.call('POST', `/api/admin/adjust-parameters/${MIDEA}`, {
      token: admin,
      body: { company_name: '美的集团', year: null, parameters: { wacc_manual: 0.115 } },
    });
    expect(edit.status).toBe(200);
    const built = vi.spyOn(CompanyListSnapshot.prototype, 'current');
    try {
      expect((await read(platform, LIST)).headers.get('etag')).toBe(etag);
      expect((await platform.call('GET', LIST, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('deleting a company takes it out of the list and its views answer 404', async () => {
    const list = async () => (await answerOf(await read(platform, LIST), companyListAnswer)).data.map((c) => c.code);
    // A page asked twice (the second answered before routing, from the text of the same request).
    const page = async () =>
      (await answerOf(await read(platform, `${LIST}?offset=0&limit=100`), companyListAnswer)).data.map((c) => c.code);
    expect(await page()).toContain('000333');
    expect(await page()).toContain('000333');
    expect(await list()).toContain('000333');
    expect((await read(platform, DCF)).status).toBe(200);
    const removed = await platform.call('DELETE', `/api/delete_company/${MIDEA}`, { token: admin });
    expect(removed.status).toBe(200);
    expect(await list()).not.toContain('000333');
    expect(await page()).not.toContain('000333');
    expect((await read(platform, DCF)).status).toBe(404);
    expect((await read(platform, BUNDLE)).status).toBe(404);
  });
});

describe('cached views after an upload', () => {
  let empty: EmptyPlatform;
  beforeAll(async () => {
    empty = await startEmptyPlatform();
  });
  afterAll(() => empty.close());

  it('the company list and a company not there before appear after the upload', async () => {
    const { platform } = empty;
    const listed = async () => (await answerOf(await read(platform, LIST), companyListAnswer)).data;
    const dcf = '/api/home/dcf_valuation/600298';
    const before = await listed();
    expect(before.find((company) => company.code === '600298')?.has_forecast_data ?? false).toBe(false);
    expect((await read(platform, dcf)).status).not.toBe(200);
    const files = ['lrb600298.csv', 'zcfzb600298.csv', 'xjllb600298.csv'];
    const uploaded = await upload(
      platform,
      files.map((name) => fixtureFile(name)),
      await platform.adminToken(),
    );
    expect(uploaded.status).toBe(200);
    expect((await listed()).find((company) => company.code === '600298')?.has_forecast_data).toBe(true);
    expect((await read(platform, dcf)).status).toBe(200);
  });
});

describe('cached views with two instances on one database', () => {
  let platform: TestPlatform;
  let other: ReturnType<typeof createApp>;
  let closeOther: () => void;
  beforeAll(async () => {
    platform = await startTestPlatform();
    const db = openDatabase(databaseLocation(platform.config.databaseUrl));
    closeOther = () => db.close();
    other = createApp({
      db,
      config: platform.config,
      jwtSecret: readMeta(db, 'jwt_secret') ?? '',
      directory: platform.directory,
      industries: platform.industries,
      workers: platform.workers,
    });
  });
  afterAll(async () => {
    closeOther();
    await platform.close();
  });

  it('a write through one instance is seen by the next request to the other', async () => {
    const first = await read(platform, DCF);
    const value = (await answerOf(first, dcfValuationAnswer)).data.valuation.value_per_share ?? Number.NaN;
    const token = await platform.adminToken();
    const edit = await other.request(`/api/admin/adjust-parameters/${MIDEA}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ company_name: '美的集团', year: null, parameters: { wacc_manual: 0.13 } }),
    });
    expect(edit.status).toBe(200);
    const second = await read(platform, DCF);
    expect(second.headers.get('etag')).not.toBe(first.headers.get('etag'));
    expect((await answerOf(second, dcfValuationAnswer)).data.valuation.value_per_share ?? Number.NaN).toBeLessThan(
      value,
    );
  });
});
