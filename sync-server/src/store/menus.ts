import { nextChangeSeq } from '../db/change-seq.ts';
import { type Database, transaction } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';

interface TopMenuChild {
  id: number;
  name: string;
  link: string;
  sort_order: number;
}

export interface TopMenuItem {
  id: number;
  name: string;
  link: string | null;
  isGroup: boolean;
  sort_order: number;
  children: TopMenuChild[];
}

interface TopMenuRow {
  id: number;
  parent_id: number | null;
  name: string;
  link: string | null;
  is_group: number;
  sort_order: number;
}

export function listTopMenus(db: Database): TopMenuItem[] {
  const rows = queryAll<TopMenuRow>(
    db,
    'SELECT id, parent_id, name, link, is_group, sort_order FROM top_menus WHERE deleted = 0 ORDER BY sort_order, id',
  );
  const items = rows
    .filter((row) => row.parent_id === null)
    .map((row) => ({
      id: row.id,
      name: row.name,
      link: row.is_group ? null : row.link,
      isGroup: row.is_group === 1,
      sort_order: row.sort_order,
      children: [] as TopMenuChild[],
    }));
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const row of rows) {
    if (row.parent_id === null) continue;
    byId.get(row.parent_id)?.children.push({
      id: row.id,
      name: row.name,
      link: row.link ?? '',
      sort_order: row.sort_order,
    });
  }
  return items;
}

export function findTopMenu(db: Database, id: number, parentId: number | null): TopMenuRow | undefined {
  return queryOne<TopMenuRow>(
    db,
    `SELECT id, parent_id, name, link, is_group, sort_order FROM top_menus
     WHERE id = ? AND deleted = 0 AND parent_id IS ?`,
    id,
    parentId,
  );
}

function nextSortOrder(db: Database, parentId: number | null, table: 'top_menus' | 'core_menus'): number {
  const where = table === 'top_menus' ? 'parent_id IS ? AND deleted = 0' : 'deleted = 0 AND ? IS NULL';
  const max = queryOne<{ m: number | null }>(db, `SELECT max(sort_order) AS m FROM ${table} WHERE ${where}`, parentId);
  return (max?.m ?? 0) + 1;
}

export function insertTopMenu(
  db: Database,
  item: { parentId: number | null; name: string; link: string | null; isGroup: boolean; sortOrder?: number },
): number {
  return transaction(db, () => {
    const sortOrder =
      item.sortOrder ??
      (item.parentId === null
        ? nextSortOrder(db, null, 'top_menus')
        : (queryOne<{ n: number }>(
            db,
            'SELECT count(*) AS n FROM top_menus WHERE parent_id = ? AND deleted = 0',
            item.parentId,
          )?.n ?? 0) + 1);
    return execute(
      db,
      'INSERT INTO top_menus (parent_id, name, link, is_group, sort_order, change_seq) VALUES (?, ?, ?, ?, ?, ?)',
      item.parentId,
      item.name,
      item.isGroup ? null : item.link,
      item.isGroup ? 1 : 0,
      sortOrder,
      nextChangeSeq(db, 'no-page'),
    ).lastInsertRowid;
  });
}

export function updateTopMenu(
  db: Database,
  id: number,
  item: { name: string; link: string | null; isGroup: boolean; sortOrder: number },
): void {
  transaction(db, () => {
    execute(
      db,
      `UPDATE top_menus SET name = ?, link = ?, is_group = ?, sort_order = ?, version = version + 1, change_seq = ?
       WHERE id = ? AND deleted = 0`,
      item.name,
      item.isGroup ? null : item.link,
      item.isGroup ? 1 : 0,
      item.sortOrder,
      nextChangeSeq(db, 'no-page'),
      id,
    );
  });
}

/** Tombstones the item and, for a group, its children. */
export function deleteTopMenu(db: Database, id: number): void {
  transaction(db, () => {
    const seq = nextChangeSeq(db, 'no-page');
    execute(
      db,
      `UPDATE top_menus SET deleted = 1, version = version + 1, change_seq = ?
       WHERE (id = ? OR parent_id = ?) AND deleted = 0`,
      seq,
      id,
      id,
    );
  });
}

export interface CoreMenuItem {
  id: number;
  name: string;
  path: string;
  link: string;
  description: string | null;
  order_index: number;
  sort_order: number;
}

export function listCoreMenus(db: Database): CoreMenuItem[] {
  return queryAll<Omit<CoreMenuItem, 'order_index'> & { link: string | null }>(
    db,
    'SELECT id, name, path, link, description, sort_order FROM core_menus WHERE deleted = 0 ORDER BY sort_order, id',
  ).map((row) => ({ ...row, link: row.link ?? row.path, order_index: row.sort_order }));
}

export function findCoreMenu(db: Database, id: number): CoreMenuItem | undefined {
  return listCoreMenus(db).find((item) => item.id === id);
}

export function insertCoreMenu(
  db: Database,
  item: { name: string; path: string; link: string; description: string | null; sortOrder?: number },
): number {
  return transaction(
    db,
    () =>
      execute(
        db,
        'INSERT INTO core_menus (name, path, link, description, sort_order, change_seq) VALUES (?, ?, ?, ?, ?, ?)',
        item.name,
        item.path,
        item.link,
        item.description,
        item.sortOrder ?? nextSortOrder(db, null, 'core_menus'),
        nextChangeSeq(db, 'no-page'),
      ).lastInsertRowid,
  );
}

export function updateCoreMenu(
  db: Database,
  id: number,
  item: { name: string; path: string; link: string; description: string | null; sortOrder: number },
): void {
  transaction(db, () => {
    execute(
      db,
      `UPDATE core_menus SET name = ?, path = ?, link = ?, description = ?, sort_order = ?, version = version + 1,
         change_seq = ? WHERE id = ? AND deleted = 0`,
      item.name,
      item.path,
      item.link,
      item.description,
      item.sortOrder,
      nextChangeSeq(db, 'no-page'),
      id,
    );
  });
}

export function deleteCoreMenu(db: Database, id: number): void {
  transaction(db, () => {
    execute(
      db,
      'UPDATE core_menus SET deleted = 1, version = version + 1, change_seq = ? WHERE id = ? AND deleted = 0',
      nextChangeSeq(db, 'no-page'),
      id,
    );
  });
}
