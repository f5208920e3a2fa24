-- The back office: who changed which forecast value (audit log), stored FCF-ratio analyses, the source
-- of a stored valuation, and background jobs (kept in the database so any server instance can report).

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_code TEXT NOT NULL,
  year INTEGER,
  parameter TEXT NOT NULL,
  old_value REAL,
  new_value REAL,
  action TEXT NOT NULL,
  reason TEXT,
  modified_by TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX audit_log_company ON audit_log (company_code, id);

CREATE TABLE fcf_ratio_results (
  company_code TEXT PRIMARY KEY,
  result_json TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX fcf_ratio_results_change_seq ON fcf_ratio_results (change_seq);

ALTER TABLE valuation_results ADD COLUMN source TEXT NOT NULL DEFAULT 'auto';

CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  status TEXT NOT NULL,
  done INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL DEFAULT 0,
  result_json TEXT,
  error TEXT,
  created_by TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
