-- Sync identity and storage (docs/sync.md "Identity", "What the server keeps"). A client id belongs to
-- the user who first pushed or pulled with it: user_id binds it, and a client id is refused to every
-- other user. A client recorded before binds to the user who last pushed under it (its `username`, the
-- best evidence of whose browser it is); one whose user no longer exists is dropped with its records, as
-- nobody can sign in to use it. created_at counts each user's new clients for the daily quota.

ALTER TABLE sync_clients ADD COLUMN user_id INTEGER;
ALTER TABLE sync_clients ADD COLUMN created_at TEXT;

UPDATE sync_clients
SET user_id = (SELECT id FROM users WHERE users.username = sync_clients.username),
    created_at = updated_at;

DELETE FROM sync_mutations
WHERE client_id IN (SELECT client_id FROM sync_clients WHERE user_id IS NULL);
DELETE FROM sync_clients WHERE user_id IS NULL;

CREATE INDEX sync_clients_user ON sync_clients (user_id, created_at);

-- An unknown mutation name is no longer stored: its replay is answered by checking it again. (Invalid
-- arguments stored before stay until the retention rule removes them: the same code also marks valid
-- mutations a handler refused, whose replay needs the record.)
DELETE FROM sync_mutations WHERE status = 'rejected' AND code = 'unknown_mutation';

-- The per-user daily quota counts a user's stored mutations; the retention rule removes old ones.
CREATE INDEX sync_mutations_user_at ON sync_mutations (username, at);
CREATE INDEX sync_mutations_at ON sync_mutations (at);
