import type { Database } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';

type AuditAction = 'set' | 'clear' | 'reset' | 'save_valuation';

export interface AuditEntry {
  readonly id: number;
  readonly company_code: string;
  readonly year: number | null;
  readonly parameter: string;
  readonly old_value: number | null;
  readonly new_value: number | null;
  readonly action: AuditAction;
  readonly reason: string | null;
  readonly modified_by: string;
  readonly at: string;
}

export function appendAudit(db: Database, entry: Omit<AuditEntry, 'id' | 'at'>): void {
  execute(
    db,
    `INSERT INTO audit_log (company_code, year, parameter, old_value, new_value, action, reason, modified_by, at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    entry.company_code,
    entry.year,
    entry.parameter,
    entry.old_value,
    entry.new_value,
    entry.action,
    entry.reason,
    entry.modified_by,
    new Date().toISOString(),
  );
}

/** Newest first; one company's or everyone's. */
export function listAudit(db: Database, companyCode: string | null, limit = 200): AuditEntry[] {
  return companyCode
    ? queryAll<AuditEntry>(
        db,
        'SELECT * FROM audit_log WHERE company_code = ? ORDER BY id DESC LIMIT ?',
        companyCode,
        limit,
      )
    : queryAll<AuditEntry>(db, 'SELECT * FROM audit_log ORDER BY id DESC LIMIT ?', limit);
}
