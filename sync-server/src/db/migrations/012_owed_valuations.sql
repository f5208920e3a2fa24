-- Companies whose stored valuation a write still owes. An upload marks each company it imports in the
-- import's own transaction (so do a file's removal and a quote that changed the share count); valuing the
-- company clears the mark. A server killed between the two leaves the mark, and the next start values the
-- marked companies (bootstrap.ts), so no company stays imported but never valued.
CREATE TABLE owed_valuations (
  company_code TEXT PRIMARY KEY
) WITHOUT ROWID;

-- A database from before the marks: every company an upload (not the seeding) brought in whose statements
-- changed after its last valuation — or that was never valued — is owed one.
INSERT INTO owed_valuations (company_code)
SELECT c.code FROM companies c
WHERE c.deleted = 0
  AND EXISTS (
    SELECT 1 FROM uploaded_files f
    WHERE f.company_code = c.code AND coalesce(f.uploaded_by, '') NOT IN ('seed', 'seed:market')
  )
  AND coalesce((SELECT max(v.change_seq) FROM statement_values v WHERE v.company_code = c.code), 0)
    > coalesce((SELECT r.change_seq FROM valuation_results r WHERE r.company_code = c.code), -1);
