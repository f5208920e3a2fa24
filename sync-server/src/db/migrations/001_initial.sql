-- The platform's store. Every row that clients pull carries `version` (bumped on each change, for
-- conflict checks) and `change_seq` (the global change sequence at its last write, the pull cursor);
-- deletes of synced rows leave tombstones (`deleted = 1`).

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- One row: the global change sequence. Bumped inside every transaction that writes a synced row.
CREATE TABLE change_counter (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seq INTEGER NOT NULL
);
INSERT INTO change_counter (id, seq) VALUES (1, 0);

CREATE TABLE companies (
  code TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  industry TEXT NOT NULL DEFAULT '其他',
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX companies_name ON companies (name);
CREATE INDEX companies_change_seq ON companies (change_seq);

CREATE TABLE uploaded_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  company_code TEXT NOT NULL,
  file_name TEXT NOT NULL,
  report_types TEXT NOT NULL,
  first_year INTEGER,
  last_year INTEGER,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'uploaded',
  uploaded_by TEXT,
  upload_time TEXT NOT NULL
);
CREATE INDEX uploaded_files_company ON uploaded_files (company_code);

-- Reported figures per company, report type, fiscal year and canonical item, in 亿元 (per-share items in
-- 元, weighted ROE in %). The same item can come from two report types (the summary's revenue and the
-- income statement's); readers merge them with the statements first.
CREATE TABLE statement_values (
  company_code TEXT NOT NULL,
  report_type TEXT NOT NULL,
  year INTEGER NOT NULL,
  item TEXT NOT NULL,
  value REAL,
  file_id INTEGER,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (company_code, report_type, year, item)
) WITHOUT ROWID;
CREATE INDEX statement_values_change_seq ON statement_values (change_seq);
CREATE INDEX statement_values_file ON statement_values (file_id);

-- Per-year forecast drivers a person set (source 'user_set'); auto values are computed, not stored.
CREATE TABLE forecast_parameters (
  company_code TEXT NOT NULL,
  year INTEGER NOT NULL,
  parameter TEXT NOT NULL,
  value REAL,
  source TEXT NOT NULL DEFAULT 'user_set',
  updated_by TEXT,
  updated_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (company_code, year, parameter)
) WITHOUT ROWID;
CREATE INDEX forecast_parameters_change_seq ON forecast_parameters (change_seq);

-- The three valuation parameters a person can set; NULL = use the calculated value.
CREATE TABLE valuation_inputs (
  company_code TEXT PRIMARY KEY,
  wacc_manual REAL,
  terminal_growth_rate_manual REAL,
  total_shares_manual REAL,
  updated_by TEXT,
  updated_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX valuation_inputs_change_seq ON valuation_inputs (change_seq);

-- Stored results of valuation runs (the engine's DCF at the time), for lists and status.
CREATE TABLE valuation_results (
  company_code TEXT PRIMARY KEY,
  latest_year INTEGER NOT NULL,
  enterprise_value REAL,
  equity_value REAL,
  value_per_share REAL,
  result_json TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX valuation_results_change_seq ON valuation_results (change_seq);

-- Inputs of the calculated WACC (CAPM), editable: one default row and a beta per industry.
CREATE TABLE wacc_assumptions (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  risk_free_rate REAL NOT NULL,
  market_risk_premium REAL NOT NULL,
  default_beta REAL NOT NULL,
  default_cost_of_debt REAL NOT NULL,
  min_cost_of_debt REAL NOT NULL,
  max_cost_of_debt REAL NOT NULL,
  min_wacc REAL NOT NULL,
  max_wacc REAL NOT NULL
);
INSERT INTO wacc_assumptions VALUES (1, 0.03, 0.06, 1.0, 0.045, 0.03, 0.08, 0.06, 0.14);

CREATE TABLE industry_betas (
  industry TEXT PRIMARY KEY,
  beta REAL NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT,
  password_hash TEXT NOT NULL,
  is_admin INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE login_failures (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  username TEXT NOT NULL,
  address TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX login_failures_username ON login_failures (username, at_ms);
CREATE INDEX login_failures_address ON login_failures (address, at_ms);

CREATE TABLE top_menus (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  parent_id INTEGER REFERENCES top_menus (id),
  name TEXT NOT NULL,
  link TEXT,
  is_group INTEGER NOT NULL DEFAULT 0,
  sort_order REAL NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX top_menus_change_seq ON top_menus (change_seq);

CREATE TABLE core_menus (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  link TEXT,
  description TEXT,
  sort_order REAL NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX core_menus_change_seq ON core_menus (change_seq);
