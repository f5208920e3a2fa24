-- Interim reports beside the annual ones (docs/model.md section 1): a period on every figure. 'FY' is the
-- annual report (every row stored so far); 'Q1', 'H1', 'Q3' the 一季报, 中报 and 三季报, whose income and
-- cash-flow figures are year-to-date and whose balance sheets are at the quarter's end. SQLite cannot change
-- a primary key in place, so the table is copied; its rows keep their values, versions and change sequence.
CREATE TABLE statement_values_with_periods (
  company_code TEXT NOT NULL,
  report_type TEXT NOT NULL,
  year INTEGER NOT NULL,
  period TEXT NOT NULL DEFAULT 'FY' CHECK (period IN ('FY', 'Q1', 'H1', 'Q3')),
  item TEXT NOT NULL,
  value REAL,
  file_id INTEGER,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (company_code, report_type, year, period, item)
) WITHOUT ROWID;

INSERT INTO statement_values_with_periods
  (company_code, report_type, year, period, item, value, file_id, version, change_seq, deleted)
SELECT company_code, report_type, year, 'FY', item, value, file_id, version, change_seq, deleted
FROM statement_values;

DROP TABLE statement_values;
ALTER TABLE statement_values_with_periods RENAME TO statement_values;
CREATE INDEX statement_values_change_seq ON statement_values (change_seq);
CREATE INDEX statement_values_file ON statement_values (file_id);
