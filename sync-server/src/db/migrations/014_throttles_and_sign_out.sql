-- Sign-in throttles that cannot be raced, registrations counted per network, and signed-out tokens
-- (docs/operations.md, "Accounts and throttles").

-- A login attempt is written (pending = 1) before its password is checked, in the transaction that
-- decides whether it may be checked at all, so attempts racing past a limit are refused unchecked. A
-- wrong password leaves the row as a failure (pending = 0); a right one removes it with its pair's failures.
ALTER TABLE login_failures RENAME TO login_attempts;
ALTER TABLE login_attempts ADD COLUMN pending INTEGER NOT NULL DEFAULT 0;
DROP INDEX login_failures_username;
DROP INDEX login_failures_address;
CREATE INDEX login_attempts_username ON login_attempts (username, address, at_ms);
CREATE INDEX login_attempts_address ON login_attempts (address, at_ms);
CREATE INDEX login_attempts_at ON login_attempts (at_ms);

-- (username, address) pairs that signed in lately: the limit per address does not hold for them, so
-- failures of strangers behind the same address (a NAT, a proxy) do not lock them out.
CREATE TABLE known_sign_ins (
  username TEXT NOT NULL,
  address TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  PRIMARY KEY (username, address)
) WITHOUT ROWID;
CREATE INDEX known_sign_ins_at ON known_sign_ins (at_ms);

-- Registrations are limited per network (an IPv4 /24, an IPv6 /64), not per address. Rows written
-- before count under their address.
ALTER TABLE registrations ADD COLUMN network TEXT NOT NULL DEFAULT '';
UPDATE registrations SET network = address;
CREATE INDEX registrations_network ON registrations (network, at_ms);

-- Tokens signed out before they expire (by the SHA-256 of the token); a row is kept until its token
-- would have expired anyway.
CREATE TABLE revoked_tokens (
  token_hash TEXT PRIMARY KEY,
  expires_ms INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_ms);
