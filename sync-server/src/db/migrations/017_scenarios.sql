-- Each user's valuation scenarios (悲观 / 基准 / 乐观 and their own): a synced table whose pulls carry only
-- the caller's rows, like the watchlist. The owner is the username in lower case; the id is chosen by the
-- browser, unique per owner. `inputs` holds the six driver inputs as JSON text. A deletion leaves a
-- tombstone (name and inputs emptied) so the user's other browsers learn of it.

CREATE TABLE IF NOT EXISTS scenarios (
  username TEXT NOT NULL,
  id TEXT NOT NULL,
  company_code TEXT NOT NULL,
  name TEXT NOT NULL,
  weight REAL NOT NULL,
  inputs TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (username, id)
);
CREATE INDEX IF NOT EXISTS scenarios_owner_change_seq ON scenarios (username, change_seq);
CREATE INDEX IF NOT EXISTS scenarios_change_seq ON scenarios (change_seq);
CREATE INDEX IF NOT EXISTS scenarios_owner_company ON scenarios (username, company_code, deleted);
