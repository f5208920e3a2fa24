import { nextChangeSeq } from '../db/change-seq.ts';
import { type Database, transaction } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import { uniqueName } from './pdf-files.ts';

/**
 * The research-PDF library in libSQL: categories and file metadata (synced rows: every write bumps the
 * row's version and takes a change sequence in its transaction; deletes leave tombstones) and the files'
 * bytes (`pdf_file_data`, removed with the file).
 */

export interface PdfCategory {
  readonly id: number;
  readonly name: string;
  readonly sort_order: number;
  /** Live files in the category. */
  readonly file_count: number;
}

export interface PdfFile {
  readonly id: number;
  readonly filename: string;
  /** null = uncategorised. */
  readonly category_id: number | null;
  readonly category_name: string | null;
  readonly size: number;
  readonly sha256: string;
  /** ISO 8601. */
  readonly upload_time: string;
}

/** Which files to list: all, the uncategorised ones, or one category's. */
export type FileFilter = 'all' | 'uncategorized' | { readonly categoryId: number };

export function listCategories(db: Database): PdfCategory[] {
  return queryAll<PdfCategory>(
    db,
    `SELECT c.id, c.name, c.sort_order,
       (SELECT count(*) FROM pdf_files f WHERE f.category_id = c.id AND f.deleted = 0) AS file_count
     FROM pdf_categories c WHERE c.deleted = 0 ORDER BY c.sort_order, c.id`,
  );
}

export function findCategory(db: Database, id: number): PdfCategory | undefined {
  return listCategories(db).find((category) => category.id === id);
}

export function findCategoryByName(db: Database, name: string): PdfCategory | undefined {
  return listCategories(db).find((category) => category.name.toLowerCase() === name.toLowerCase());
}

/** Adds a category; without a sort_order it goes last (max + 1). */
export function insertCategory(db: Database, name: string, sortOrder?: number): PdfCategory {
  const id = transaction(db, () => {
    const order =
      sortOrder ??
      (queryOne<{ m: number | null }>(db, 'SELECT max(sort_order) AS m FROM pdf_categories WHERE deleted = 0')?.m ??
        0) + 1;
    return execute(
      db,
      'INSERT INTO pdf_categories (name, sort_order, created_at, change_seq) VALUES (?, ?, ?, ?)',
      name,
      order,
      new Date().toISOString(),
      nextChangeSeq(db, 'no-page'),
    ).lastInsertRowid;
  });
  return findCategory(db, id) as PdfCategory;
}

/**
 * Tombstones a category and makes its files uncategorised, in one transaction (one change sequence, so a
 * pull sees both or neither). Answers how many files moved.
 */
export function deleteCategory(db: Database, id: number): number {
  return transaction(db, () => {
    const seq = nextChangeSeq(db, 'no-page');
    const moved = execute(
      db,
      `UPDATE pdf_files SET category_id = NULL, version = version + 1, change_seq = ?
       WHERE category_id = ? AND deleted = 0`,
      seq,
      id,
    ).changes;
    execute(
      db,
      'UPDATE pdf_categories SET deleted = 1, version = version + 1, change_seq = ? WHERE id = ? AND deleted = 0',
      seq,
      id,
    );
    return moved;
  });
}

/**
 * Puts the categories in the given order, numbered 1..n; live categories the list leaves out (added
 * meanwhile) follow in their previous order. Only rows whose number changes get a new version.
 */
export function sortCategories(db: Database, orderedIds: readonly number[]): PdfCategory[] {
  transaction(db, () => {
    const current = listCategories(db);
    const rest = current.filter((category) => !orderedIds.includes(category.id)).map((category) => category.id);
    const order = [...orderedIds, ...rest];
    const before = new Map(current.map((category) => [category.id, category.sort_order]));
    const changed = order
      .map((id, index) => ({ id, sortOrder: index + 1 }))
      .filter((row) => before.get(row.id) !== row.sortOrder);
    if (changed.length === 0) return;
    const seq = nextChangeSeq(db, 'no-page');
    for (const row of changed) {
      execute(
        db,
        'UPDATE pdf_categories SET sort_order = ?, version = version + 1, change_seq = ? WHERE id = ? AND deleted = 0',
        row.sortOrder,
        seq,
        row.id,
      );
    }
  });
  return listCategories(db);
}

const FILE_COLUMNS = `f.id, f.filename, f.category_id, c.name AS category_name, f.size, f.sha256, f.upload_time
  FROM pdf_files f LEFT JOIN pdf_categories c ON c.id = f.category_id AND c.deleted = 0`;

/** Files, newest first. */
export function listFiles(db: Database, filter: FileFilter = 'all'): PdfFile[] {
  if (filter === 'all') {
    return queryAll<PdfFile>(db, `SELECT ${FILE_COLUMNS} WHERE f.deleted = 0 ORDER BY f.upload_time DESC, f.id DESC`);
  }
  if (filter === 'uncategorized') {
    return queryAll<PdfFile>(
      db,
      `SELECT ${FILE_COLUMNS} WHERE f.deleted = 0 AND f.category_id IS NULL ORDER BY f.upload_time DESC, f.id DESC`,
    );
  }
  return queryAll<PdfFile>(
    db,
    `SELECT ${FILE_COLUMNS} WHERE f.deleted = 0 AND f.category_id = ? ORDER BY f.upload_time DESC, f.id DESC`,
    filter.categoryId,
  );
}

export function findFile(db: Database, id: number): PdfFile | undefined {
  return queryOne<PdfFile>(db, `SELECT ${FILE_COLUMNS} WHERE f.id = ? AND f.deleted = 0`, id);
}

export function findFileByName(db: Database, filename: string): PdfFile | undefined {
  return queryOne<PdfFile>(db, `SELECT ${FILE_COLUMNS} WHERE f.filename = ? AND f.deleted = 0`, filename);
}

export function findFileBySha256(db: Database, sha256: string): PdfFile | undefined {
  return queryOne<PdfFile>(db, `SELECT ${FILE_COLUMNS} WHERE f.sha256 = ? AND f.deleted = 0`, sha256);
}

export interface NewPdfFile {
  /** The sanitised name; made unique here (`name (2).pdf`). */
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly sha256: string;
  readonly categoryId: number | null;
  readonly uploadTime?: string;
  readonly uploadedBy: string | null;
}

/** Stores a file's metadata and bytes in one transaction. */
export function insertFile(db: Database, file: NewPdfFile): PdfFile {
  const id = transaction(db, () => {
    const filename = uniqueName(file.filename, (candidate) => findFileByName(db, candidate) !== undefined);
    const id = execute(
      db,
      `INSERT INTO pdf_files (filename, category_id, size, sha256, upload_time, uploaded_by, change_seq)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      filename,
      file.categoryId,
      file.bytes.length,
      file.sha256,
      file.uploadTime ?? new Date().toISOString(),
      file.uploadedBy,
      nextChangeSeq(db, 'no-page'),
    ).lastInsertRowid;
    execute(db, 'INSERT INTO pdf_file_data (file_id, bytes) VALUES (?, ?)', id, Buffer.from(file.bytes));
    return id;
  });
  return findFile(db, id) as PdfFile;
}

export function setFileCategory(db: Database, id: number, categoryId: number | null): PdfFile {
  transaction(db, () => {
    execute(
      db,
      `UPDATE pdf_files SET category_id = ?, version = version + 1, change_seq = ?
       WHERE id = ? AND deleted = 0 AND category_id IS NOT ?`,
      categoryId,
      nextChangeSeq(db, 'no-page'),
      id,
      categoryId,
    );
  });
  return findFile(db, id) as PdfFile;
}

/** Tombstones the file's metadata and removes its bytes. */
export function deleteFile(db: Database, id: number): void {
  transaction(db, () => {
    execute(
      db,
      'UPDATE pdf_files SET deleted = 1, version = version + 1, change_seq = ? WHERE id = ? AND deleted = 0',
      nextChangeSeq(db, 'no-page'),
      id,
    );
    execute(db, 'DELETE FROM pdf_file_data WHERE file_id = ?', id);
  });
}

/**
 * A stored file's bytes, or the `length` bytes from `start` (0-based) for a range request: SQLite's
 * substr() on the BLOB, so a range reads only what it sends.
 */
export function readFileBytes(db: Database, id: number, range?: { start: number; length: number }): Uint8Array | null {
  const row = range
    ? queryOne<{ part: Uint8Array }>(
        db,
        'SELECT substr(bytes, ?, ?) AS part FROM pdf_file_data WHERE file_id = ?',
        range.start + 1,
        range.length,
        id,
      )
    : queryOne<{ part: Uint8Array }>(db, 'SELECT bytes AS part FROM pdf_file_data WHERE file_id = ?', id);
  if (!row) return null;
  return row.part instanceof Uint8Array ? row.part : new Uint8Array(row.part as ArrayBuffer);
}
