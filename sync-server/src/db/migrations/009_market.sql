-- Market quotes and the screener.
--
-- Quotes. quote_history keeps every uploaded snapshot, one row per company and trading date;
-- quotes holds each company's latest one and is a synced table, so the app prices offline and the pull
-- stays one small row per company whatever the history holds. Amounts in 亿元, shares in 亿股, price in 元.

CREATE TABLE quote_history (
  company_code TEXT NOT NULL,
  date TEXT NOT NULL,
  price REAL NOT NULL,
  market_cap REAL,
  float_market_cap REAL,
  shares REAL,
  float_shares REAL,
  pe REAL,
  pb REAL,
  dividend_yield REAL,
  source_file TEXT,
  uploaded_by TEXT,
  uploaded_at TEXT NOT NULL,
  PRIMARY KEY (company_code, date)
) WITHOUT ROWID;

CREATE TABLE quotes (
  company_code TEXT PRIMARY KEY,
  date TEXT NOT NULL,
  price REAL NOT NULL,
  market_cap REAL,
  float_market_cap REAL,
  shares REAL,
  float_shares REAL,
  pe REAL,
  pb REAL,
  dividend_yield REAL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX quotes_change_seq ON quotes (change_seq);

-- The screener's model side of each valued company (value, bridge, latest-year figures, returns, flags),
-- written whenever its valuation is stored; joined with `quotes` when read, so a quote snapshot needs no
-- revaluation. Synced (one small row per company) so the screen works offline.
CREATE TABLE screener_models (
  company_code TEXT PRIMARY KEY,
  model_json TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX screener_models_change_seq ON screener_models (change_seq);
