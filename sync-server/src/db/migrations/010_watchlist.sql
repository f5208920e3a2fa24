-- Each user's watchlist (自选): a synced table whose pulls carry only the caller's own rows. The owner
-- is the username in lower case (usernames are case-insensitive); a removal leaves a tombstone, as every
-- synced row does, so the user's other browsers learn of it.

CREATE TABLE watchlist (
  username TEXT NOT NULL,
  company_code TEXT NOT NULL,
  added_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (username, company_code)
);
CREATE INDEX watchlist_owner_change_seq ON watchlist (username, change_seq);
CREATE INDEX watchlist_change_seq ON watchlist (change_seq);
