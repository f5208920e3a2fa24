import { type AdminChoices, NO_ADMIN_CHOICES } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import { appendAudit } from './audit-log.ts';

interface ChoiceRow {
  company_code: string;
  other_income_operating: number;
  other_current_assets_cash_like: number;
}

/** The marks in the order they are stored and audited. */
const CHOICE_FIELDS = ['other_income_operating', 'other_current_assets_cash_like'] as const;
export type AdminChoiceField = (typeof CHOICE_FIELDS)[number];

const COLUMNS = `company_code, ${CHOICE_FIELDS.join(', ')}`;

/** A stored row (or none: the defaults) as the engine's choices. */
function choicesFromRow(row: ChoiceRow | undefined): AdminChoices {
  return row
    ? {
        other_income_operating: row.other_income_operating === 1,
        other_current_assets_cash_like: row.other_current_assets_cash_like === 1,
      }
    : NO_ADMIN_CHOICES;
}

/** What an admin marked for the company (docs/model.md §7); the defaults when nothing was marked. */
export function loadAdminChoices(db: Database, companyCode: string): AdminChoices {
  return choicesFromRow(
    queryOne<ChoiceRow>(db, `SELECT ${COLUMNS} FROM company_admin_choices WHERE company_code = ?`, companyCode),
  );
}

/** The choices of the companies with codes in [from, to], for the bundles read a slice at a time. */
export function adminChoicesBetween(db: Database, from: string, to: string): Map<string, AdminChoices> {
  const rows = queryAll<ChoiceRow>(
    db,
    `SELECT ${COLUMNS} FROM company_admin_choices WHERE company_code BETWEEN ? AND ?`,
    from,
    to,
  );
  return new Map(rows.map((row) => [row.company_code, choicesFromRow(row)]));
}

/**
 * Sets the marks given and keeps the others as stored (the defaults for a company with no row), with an
 * audit entry for each mark that changed (old → new as 0/1). The caller holds the transaction. Answers the
 * company's choices after the write.
 */
export function writeAdminChoices(
  db: Database,
  companyCode: string,
  changes: Partial<AdminChoices>,
  user: string,
  now: Date,
): AdminChoices {
  const before = loadAdminChoices(db, companyCode);
  const after: AdminChoices = {
    other_income_operating: changes.other_income_operating ?? before.other_income_operating,
    other_current_assets_cash_like: changes.other_current_assets_cash_like ?? before.other_current_assets_cash_like,
  };
  execute(
    db,
    `INSERT INTO company_admin_choices (${COLUMNS}, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (company_code) DO UPDATE SET other_income_operating = excluded.other_income_operating,
       other_current_assets_cash_like = excluded.other_current_assets_cash_like,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    companyCode,
    ...CHOICE_FIELDS.map((field) => (after[field] ? 1 : 0)),
    user,
    now.toISOString(),
  );
  for (const field of CHOICE_FIELDS) {
    if (before[field] === after[field]) continue;
    appendAudit(db, {
      company_code: companyCode,
      year: null,
      parameter: field,
      old_value: before[field] ? 1 : 0,
      new_value: after[field] ? 1 : 0,
      action: 'set',
      reason: null,
      modified_by: user,
    });
  }
  return after;
}
