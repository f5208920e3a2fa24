import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_ADMIN_CHOICES } from '@fcf/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, databaseLocation, openDatabase, transaction } from '../db/database.ts';
import { loadMigrations, migrate } from '../db/migrate.ts';
import { execute } from '../db/query.ts';
import { adminChoicesBetween, loadAdminChoices, writeAdminChoices } from './admin-choices.ts';
import { listAudit } from './audit-log.ts';

let dir: string;
let db: Database;
const NOW = new Date('2025-03-01T08:00:00Z');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-choices-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'fcf.db')}`));
  // Up to the migration before 其他收益's column, with a row marked then: it must read as operating after.
  migrate(
    db,
    loadMigrations().filter((migration) => migration.version < 24),
  );
  execute(
    db,
    `INSERT INTO company_admin_choices (company_code, other_current_assets_cash_like, updated_by, updated_at)
     VALUES ('000651', 1, 'admin', ?)`,
    NOW.toISOString(),
  );
  migrate(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (code: string, changes: Parameters<typeof writeAdminChoices>[2]) =>
  transaction(db, () => writeAdminChoices(db, code, changes, 'admin', NOW));

describe('company_admin_choices', () => {
  it('reads a row stored before 其他收益 had a column as operating; no row is the defaults', () => {
    expect(loadAdminChoices(db, '000651')).toEqual({
      other_income_operating: true,
      other_current_assets_cash_like: true,
    });
    expect(loadAdminChoices(db, '600298')).toEqual(NO_ADMIN_CHOICES);
  });

  it('writes only the marks given, keeping the other as stored, and audits each one that changed', () => {
    expect(write('600298', { other_income_operating: false })).toEqual({
      other_income_operating: false,
      other_current_assets_cash_like: false,
    });
    expect(write('600298', { other_current_assets_cash_like: true })).toEqual({
      other_income_operating: false,
      other_current_assets_cash_like: true,
    });
    expect(write('000651', { other_income_operating: false })).toEqual({
      other_income_operating: false,
      other_current_assets_cash_like: true,
    });
    // Both at once; the cash-like mark is already true, so only 其他收益's is audited.
    write('600298', { other_income_operating: true, other_current_assets_cash_like: true });

    expect(adminChoicesBetween(db, '000000', '999999')).toEqual(
      new Map([
        ['000651', { other_income_operating: false, other_current_assets_cash_like: true }],
        ['600298', { other_income_operating: true, other_current_assets_cash_like: true }],
      ]),
    );
    const audit = listAudit(db, '600298').map(({ parameter, old_value, new_value, action, modified_by }) => ({
      parameter,
      old_value,
      new_value,
      action,
      modified_by,
    }));
    expect(audit).toEqual([
      { parameter: 'other_income_operating', old_value: 0, new_value: 1, action: 'set', modified_by: 'admin' },
      { parameter: 'other_current_assets_cash_like', old_value: 0, new_value: 1, action: 'set', modified_by: 'admin' },
      { parameter: 'other_income_operating', old_value: 1, new_value: 0, action: 'set', modified_by: 'admin' },
    ]);
  });

  it('refuses a value other than 0 or 1 in the column', () => {
    expect(() =>
      execute(db, "UPDATE company_admin_choices SET other_income_operating = 2 WHERE company_code = '600298'"),
    ).toThrow(/CHECK/);
    expect(loadAdminChoices(db, '600298').other_income_operating).toBe(true);
  });
});
