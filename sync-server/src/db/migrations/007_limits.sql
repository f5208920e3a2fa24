-- Limits that hold across server instances: request counts per caller in a time window (the PDF
-- report's throttle), and one live company per name.

-- One row per counted request: `bucket` names the limit ('pdf'), `caller` whom it counts (an address).
CREATE TABLE rate_limit_hits (
  bucket TEXT NOT NULL,
  caller TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX rate_limit_hits_caller ON rate_limit_hits (bucket, caller, at_ms);

-- Names identify companies in links and searches, so a name belongs to one live company (ignoring ASCII
-- case, as lookups do). A database that already holds a name twice keeps it on the lowest code; the
-- others get their code appended ('名称（600001）') as one synced change, so the index can be built.
UPDATE change_counter SET seq = seq + 1
WHERE EXISTS (
  SELECT 1 FROM companies a JOIN companies b
    ON a.deleted = 0 AND b.deleted = 0 AND lower(a.name) = lower(b.name) AND a.code < b.code
);
UPDATE companies
SET name = name || '（' || code || '）',
    version = version + 1,
    change_seq = (SELECT seq FROM change_counter WHERE id = 1)
WHERE deleted = 0 AND EXISTS (
  SELECT 1 FROM companies earlier
  WHERE earlier.deleted = 0 AND lower(earlier.name) = lower(companies.name) AND earlier.code < companies.code
);
CREATE UNIQUE INDEX companies_live_name ON companies (lower(name)) WHERE deleted = 0;
