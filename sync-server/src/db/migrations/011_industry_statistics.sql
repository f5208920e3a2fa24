-- 行业对比, worked out when data changes so that a request only reads.
--
-- peer_figures: each company's comparison figures of its latest annual report (ROE, ROIC, margins, growth,
-- debt/assets, revenue, financial flag), written when its statements are stored.
-- industry_statistics: per 国标 industry, every metric's figures sorted (medians and percentiles) and the 10
-- largest companies, with the market's P/E, P/B and margin of safety of the quoted companies; rebuilt for
-- the industries listed in stale_industries after an upload, a quote upload or a valuation run.
-- Not synced: the company bundle carries each company's comparison for offline use.

CREATE TABLE peer_figures (
  company_code TEXT PRIMARY KEY,
  figures_json TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE industry_statistics (
  industry TEXT PRIMARY KEY,
  statistics_json TEXT NOT NULL,
  -- The change sequence the build took: a reader's parsed copy is good while it stays the same.
  built_seq INTEGER NOT NULL,
  computed_at TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE stale_industries (
  industry TEXT PRIMARY KEY
) WITHOUT ROWID;
