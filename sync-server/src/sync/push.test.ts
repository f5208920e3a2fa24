import { envelope } from '@fcf/engine/contract';
import { MAX_PUSH_MUTATIONS, type PushRequest, pushResponseSchema, SYNC_SCHEMA_VERSION } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../db/database.ts';
import { removeCompany, removeUploadedFile } from '../store/removal.ts';
import { answerOf, refusalOf } from '../testing/answers.ts';
import { storedForecastValue } from '../testing/stored-forecast.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** Every way one pushed mutation can end, each recorded, none failing the push (docs/sync.md#push). */
const MIDEA = '000333';
const GREE = '000651';
const HAIER = '600690';

let platform: TestPlatform;
let admin: string;
let clients = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
  // Haier keeps its company record but loses every statement file; Gree is deleted whole.
  const files = platform.db.prepare('SELECT id FROM uploaded_files WHERE company_code = ?').all([HAIER]) as {
    id: number;
  }[];
  transaction(platform.db, () => {
    for (const file of files) removeUploadedFile(platform.db, file.id);
    removeCompany(platform.db, GREE);
  });
});
afterAll(() => platform.close());

type Pushed = PushRequest['mutations'][number];

const forecast = (id: number, args: Record<string, unknown>, baseVersion = 0): Pushed => ({
  id,
  name: 'setForecastParameter',
  args: { company: MIDEA, year: 2026, parameter: 'da_ratio', value: 0.03, ...args },
  baseVersion,
});

async function push(clientId: string, mutations: Pushed[]) {
  const response = await platform.call('POST', '/api/sync/push', {
    token: admin,
    body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations },
  });
  const body = await answerOf(response, envelope(pushResponseSchema));
  return { status: response.status, ...body.data };
}

function newClient(): string {
  clients += 1;
  return `push-test-client-${clients}`;
}

function recorded(clientId: string) {
  return platform.db
    .prepare('SELECT mutation_id, status, code, args_json FROM sync_mutations WHERE client_id = ? ORDER BY mutation_id')
    .all([clientId]) as { mutation_id: number; status: string; code: string | null; args_json: string }[];
}

function serverValue(company: string, year: number, parameter: string): number | undefined {
  return storedForecastValue(platform.db, company, year, parameter);
}

describe('push: one outcome per mutation', () => {
  it('rejects each bad mutation with its code and message, records it unless junk, and applies the ones around it', async () => {
    const clientId = newClient();
    const answer = await push(clientId, [
      forecast(1, { value: 0.031 }),
      forecast(2, { company: GREE }),
      forecast(3, { company: HAIER }),
      forecast(4, { year: 2040 }),
      forecast(5, { value: 0.9 }),
      {
        id: 6,
        name: 'setValuationParameter',
        args: { company: MIDEA, parameter: 'terminal_growth_rate_manual', value: 0.05 },
        baseVersion: 0,
      },
      {
        id: 7,
        name: 'setValuationParameter',
        args: { company: MIDEA, parameter: 'wacc_manual', value: 0.04 },
        baseVersion: 1,
      },
      { id: 8, name: 'renameCompany', args: {}, baseVersion: 0 },
      forecast(9, { value: 'abc' }),
      forecast(10, { parameter: 'selling_expenses_pct', value: 0.08 }),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.results.map((result) => [result.status, result.code])).toEqual([
      ['applied', undefined],
      ['rejected', 'unknown_company'],
      ['rejected', 'no_history'],
      ['rejected', 'year_outside_horizon'],
      ['rejected', 'out_of_range'],
      ['applied', undefined],
      ['rejected', 'growth_not_below_wacc'],
      ['rejected', 'unknown_mutation'],
      ['rejected', 'invalid_args'],
      ['applied', undefined],
    ]);
    for (const result of answer.results.filter((result) => result.status === 'rejected')) {
      expect(result.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(answer.results[1]?.message).toContain(GREE);
    expect(answer.results[2]?.message).toContain('暂无历史财务数据');
    expect(answer.lastMutationId).toBe(10);
    // An unknown name and arguments that do not fit are junk: answered, never stored.
    const junk = new Set(['unknown_mutation', 'invalid_args']);
    expect(recorded(clientId).map((row) => [row.mutation_id, row.status, row.code])).toEqual(
      answer.results
        .filter((result) => !junk.has(result.code ?? ''))
        .map((result) => [result.id, result.status, result.code ?? null]),
    );
    // Their replay is answered by checking them again: the same answer.
    const replayed = await push(clientId, [
      { id: 8, name: 'renameCompany', args: {}, baseVersion: 0 },
      forecast(9, { value: 'abc' }),
    ]);
    expect(replayed.results).toEqual(answer.results.slice(7, 9));
    expect(serverValue(MIDEA, 2026, 'selling_expenses_pct')).toBe(0.08);
  });

  it('answers a replayed rejection from the record, with its code', async () => {
    const clientId = newClient();
    await push(clientId, [forecast(1, { company: GREE })]);
    const again = await push(clientId, [forecast(1, { company: GREE })]);
    expect(again.results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'unknown_company' });
    expect(recorded(clientId)).toHaveLength(1);
  });

  it('refuses a reused id with a different payload as id_reused and keeps the original', async () => {
    const clientId = newClient();
    await push(clientId, [forecast(1, { year: 2027, value: 0.021 })]);
    const changedArgs = await push(clientId, [forecast(1, { year: 2027, value: 0.045 })]);
    const changedBase = await push(clientId, [forecast(1, { year: 2027, value: 0.021 }, 3)]);
    const changedName = await push(clientId, [
      { id: 1, name: 'resolveConflict', args: { mutationId: 1 }, baseVersion: 0 },
    ]);
    for (const answer of [changedArgs, changedBase, changedName]) {
      expect(answer.results[0]).toMatchObject({ id: 1, status: 'rejected', code: 'id_reused' });
    }
    // The same payload with its keys in another order is the same mutation: the recorded answer.
    const reordered = await push(clientId, [
      {
        id: 1,
        name: 'setForecastParameter',
        args: { value: 0.021, parameter: 'da_ratio', year: 2027, company: MIDEA },
        baseVersion: 0,
      },
    ]);
    expect(reordered.results[0]).toMatchObject({ id: 1, status: 'applied' });
    expect(serverValue(MIDEA, 2027, 'da_ratio')).toBe(0.021);
    expect(recorded(clientId)).toEqual([
      expect.objectContaining({ mutation_id: 1, status: 'applied', args_json: expect.stringContaining('0.021') }),
    ]);
  });

  it('rolls back a handler that fails unexpectedly, records it as internal, and goes on', async () => {
    const clientId = newClient();
    // The override row is written before its audit entry: a failing audit insert leaves half a write
    // for the savepoint to undo.
    platform.db.exec(`CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log WHEN NEW.new_value = 0.0777
      BEGIN SELECT RAISE(ABORT, 'disk trouble'); END`);
    const before = serverValue(MIDEA, 2028, 'da_ratio');
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const answer = await push(clientId, [
        forecast(1, { year: 2028, value: 0.0777 }),
        forecast(2, { year: 2028, parameter: 'tax_expenses_pct', value: 0.011 }),
      ]);
      expect(answer.status).toBe(200);
      expect(answer.results[0]).toMatchObject({ status: 'rejected', code: 'internal' });
      expect(answer.results[0]?.message).not.toContain('disk trouble');
      expect(answer.results[1]).toMatchObject({ status: 'applied' });
    } finally {
      console.error = original;
      platform.db.exec('DROP TRIGGER fail_audit');
    }
    expect(errors).toHaveLength(1);
    expect(serverValue(MIDEA, 2028, 'da_ratio')).toBe(before);
    expect(serverValue(MIDEA, 2028, 'tax_expenses_pct')).toBe(0.011);
    expect(recorded(clientId).map((row) => row.code)).toEqual(['internal', null]);
  });

  it(`refuses more than ${MAX_PUSH_MUTATIONS} mutations in one push, processing none`, async () => {
    const clientId = newClient();
    const mutations = Array.from({ length: MAX_PUSH_MUTATIONS + 1 }, (_, index) => forecast(index + 1, {}));
    const response = await platform.call('POST', '/api/sync/push', {
      token: admin,
      body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations },
    });
    expect((await refusalOf(response, 400)).message).toContain(`${MAX_PUSH_MUTATIONS}`);
    expect(recorded(clientId)).toEqual([]);
  });

  it('answers a rejection recorded before codes existed with the code its message implies', async () => {
    const clientId = newClient();
    platform.db
      .prepare(
        `INSERT INTO sync_mutations (client_id, mutation_id, name, args_json, base_version, status, reason, at)
         VALUES (?, 1, 'setForecastParameter', ?, 0, 'rejected', ?, '2026-01-01T00:00:00Z')`,
      )
      .run([
        clientId,
        JSON.stringify({ company: '000999', year: 2026, parameter: 'da_ratio', value: 0.03 }),
        '未找到公司"000999"',
      ]);
    platform.db
      .prepare(
        `INSERT INTO sync_clients (client_id, last_mutation_id, user_id, updated_at)
         VALUES (?, 1, (SELECT id FROM users WHERE username = 'admin'), '2026-01-01T00:00:00Z')`,
      )
      .run([clientId]);
    const answer = await push(clientId, [forecast(1, { company: '000999' })]);
    expect(answer.results[0]).toMatchObject({
      status: 'rejected',
      code: 'unknown_company',
      message: '未找到公司"000999"',
    });
  });
});
