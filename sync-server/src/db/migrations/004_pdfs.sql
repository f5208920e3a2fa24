-- Research PDFs (the industry research page and the PDF manager). Categories and file
-- metadata are synced rows (version, change_seq, tombstones) that clients can pull; the bytes live in
-- their own table, in the database too, so a server instance keeps no state of its own and a pull never
-- carries them.

CREATE TABLE pdf_categories (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  sort_order INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX pdf_categories_change_seq ON pdf_categories (change_seq);

-- `filename` is the stored name (a bare file name, never a path), unique among live files: the file is
-- served at /api/pdf-preview/serve/{filename}. `category_id` NULL = uncategorised.
CREATE TABLE pdf_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  filename TEXT NOT NULL,
  category_id INTEGER,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  upload_time TEXT NOT NULL,
  uploaded_by TEXT,
  version INTEGER NOT NULL DEFAULT 1,
  change_seq INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX pdf_files_live_filename ON pdf_files (filename) WHERE deleted = 0;
CREATE INDEX pdf_files_category ON pdf_files (category_id) WHERE deleted = 0;
CREATE INDEX pdf_files_sha256 ON pdf_files (sha256) WHERE deleted = 0;
CREATE INDEX pdf_files_change_seq ON pdf_files (change_seq);

-- The bytes of each live file; removed with the file (its metadata row stays as a tombstone).
CREATE TABLE pdf_file_data (
  file_id INTEGER PRIMARY KEY REFERENCES pdf_files (id),
  bytes BLOB NOT NULL
);
