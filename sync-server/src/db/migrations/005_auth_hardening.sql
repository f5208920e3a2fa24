-- Sign-in hardening. Each user's token version is written into every access token and checked on every
-- request, so raising it (a password change or reset) revokes all tokens issued before. Registrations are
-- remembered per address for the registration limit; like login failures they live in the database, so
-- every server instance of a scaled-out deployment counts the same.

ALTER TABLE users ADD COLUMN token_version INTEGER NOT NULL DEFAULT 0;

CREATE TABLE registrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  address TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX registrations_address ON registrations (address, at_ms);
