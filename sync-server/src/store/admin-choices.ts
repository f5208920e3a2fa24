import { type AdminChoices, NO_ADMIN_CHOICES } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';

interface ChoiceRow {
  company_code: string;
  other_current_assets_cash_like: number;
}

/** A stored row (or none: the defaults) as the engine's choices. */
function choicesFromRow(row: ChoiceRow | undefined): AdminChoices {
  return row
    ? { ...NO_ADMIN_CHOICES, other_current_assets_cash_like: row.other_current_assets_cash_like === 1 }
    : NO_ADMIN_CHOICES;
}

/** What an admin marked for the company (docs/model.md §7); the defaults when nothing was marked. */
export function loadAdminChoices(db: Database, companyCode: string): AdminChoices {
  return choicesFromRow(
    queryOne<ChoiceRow>(
      db,
      'SELECT company_code, other_current_assets_cash_like FROM company_admin_choices WHERE company_code = ?',
      companyCode,
    ),
  );
}

/** The choices of the companies with codes in [from, to], for the bundles read a slice at a time. */
export function adminChoicesBetween(db: Database, from: string, to: string): Map<string, AdminChoices> {
  const rows = queryAll<ChoiceRow>(
    db,
    `SELECT company_code, other_current_assets_cash_like FROM company_admin_choices
     WHERE company_code BETWEEN ? AND ?`,
    from,
    to,
  );
  return new Map(rows.map((row) => [row.company_code, choicesFromRow(row)]));
}

/** Marks (or unmarks) the company's 其他流动资产 as cash-like; the caller holds the transaction. */
export function writeOtherCurrentAssetsCashLike(
  db: Database,
  companyCode: string,
  cashLike: boolean,
  user: string,
  now: Date,
): void {
  execute(
    db,
    `INSERT INTO company_admin_choices (company_code, other_current_assets_cash_like, updated_by, updated_at)
     VALUES (?, ?, ?, ?)
     ON CONFLICT (company_code) DO UPDATE SET other_current_assets_cash_like = excluded.other_current_assets_cash_like,
       updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
    companyCode,
    cashLike ? 1 : 0,
    user,
    now.toISOString(),
  );
}
