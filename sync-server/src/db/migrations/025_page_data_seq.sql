-- The change sequence of the last write that moved each company's page data for "离线下载全部" (its bundle but
-- for 行业对比, which is answered apart), and under '*' of the last write that moved every company's: a page is
-- kept while the highest of these over its companies stands (db/change-seq.ts, docs/operations.md "Caching and
-- request limits"). A write that names no scope moves '*', so a write path is safe unless it says otherwise.
CREATE TABLE page_data_seq (
  scope TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
) WITHOUT ROWID;

-- Everything written before this table moved every page.
INSERT INTO page_data_seq (scope, seq) SELECT '*', seq FROM change_counter WHERE id = 1;
