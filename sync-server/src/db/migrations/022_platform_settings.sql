-- What an admin sets for the whole platform (docs/model.md §6). Absent rows mean the engine's seed: the
-- Gordon terminal value, and the 10-year government bond yields of engine/src/valuation/risk-free-rates.ts.
-- change_seq is the change sequence of the row's last write: an edit moves every company's bundle version,
-- so devices fetch the bundle (and the table and setting it carries) again.

-- The platform's settings: one row at most (id 1).
CREATE TABLE platform_settings (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  terminal_value_method TEXT NOT NULL CHECK (terminal_value_method IN ('gordon', 'value_driver')),
  updated_by TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  change_seq INTEGER NOT NULL
);

-- An admin's year-end yield, laid over the engine's table by year (a correction, or a later year-end).
CREATE TABLE risk_free_rate_edits (
  year INTEGER PRIMARY KEY CHECK (year BETWEEN 2000 AND 2100),
  rate REAL NOT NULL CHECK (rate >= 0 AND rate <= 0.2),
  source TEXT NOT NULL,
  edited_by TEXT NOT NULL,
  edited_at TEXT NOT NULL,
  change_seq INTEGER NOT NULL
);
