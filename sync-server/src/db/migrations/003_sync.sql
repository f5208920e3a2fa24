-- Sync (docs/sync.md): each client's last processed mutation, and every processed mutation's outcome, so
-- a replayed push gets the same answer and conflicts wait for the client to resolve them. The rowid of
-- sync_mutations is the order in which the server processed them.

CREATE TABLE sync_clients (
  client_id TEXT PRIMARY KEY,
  last_mutation_id INTEGER NOT NULL,
  username TEXT,
  updated_at TEXT NOT NULL
);

CREATE TABLE sync_mutations (
  client_id TEXT NOT NULL,
  mutation_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  args_json TEXT NOT NULL,
  base_version INTEGER NOT NULL,
  status TEXT NOT NULL,
  reason TEXT,
  row_json TEXT,
  resolved INTEGER NOT NULL DEFAULT 0,
  username TEXT,
  at TEXT NOT NULL,
  PRIMARY KEY (client_id, mutation_id)
);
CREATE INDEX sync_mutations_open ON sync_mutations (client_id, resolved, status);
