import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  currentChangeSeq,
  highestStoredChangeSeq,
  keepChangeSeqAhead,
  nextChangeSeq,
  pageDataSeq,
} from './change-seq.ts';
import { type Database, databaseLocation, openDatabase, transaction } from './database.ts';
import { migrate } from './migrate.ts';
import { execute } from './query.ts';

let dir: string;
let db: Database;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-change-seq-'));
  db = openDatabase(databaseLocation(`file:${join(dir, 'seq.db')}`));
  migrate(db);
});
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A synced row written as the stores write it: with the next change sequence. */
function writeMenu(name: string): number {
  return transaction(db, () => {
    const seq = nextChangeSeq(db);
    execute(db, 'INSERT INTO top_menus (name, link, sort_order, change_seq) VALUES (?, ?, 0, ?)', name, '/', seq);
    return seq;
  });
}

describe('the change sequence at start', () => {
  it('is left alone when it is ahead of every row', () => {
    writeMenu('一');
    const seq = writeMenu('二');
    expect(highestStoredChangeSeq(db)).toBe(seq);
    expect(keepChangeSeqAhead(db)).toBeUndefined();
    expect(currentChangeSeq(db)).toBe(seq);
  });

  it('is raised to the highest sequence any synced table holds when it is behind, never handed out again', () => {
    const watched = transaction(db, () => {
      const seq = nextChangeSeq(db) + 40;
      execute(
        db,
        "INSERT INTO watchlist (username, company_code, added_at, change_seq) VALUES ('admin', '600519', '', ?)",
        seq,
      );
      return seq;
    });
    execute(db, 'UPDATE change_counter SET seq = 3 WHERE id = 1');
    expect(keepChangeSeqAhead(db)).toEqual({ from: 3, to: watched });
    expect(currentChangeSeq(db)).toBe(watched);
    expect(writeMenu('三')).toBe(watched + 1);
    expect(keepChangeSeqAhead(db)).toBeUndefined();
  });
});

describe('what each page of bundles is kept by (pageDataSeq)', () => {
  const write = (scope?: Parameters<typeof nextChangeSeq>[1]) => transaction(db, () => nextChangeSeq(db, scope));

  it('moves with a write to one of its companies or to every page, not with one elsewhere or to no page', () => {
    const every = write();
    expect(pageDataSeq(db, '000001', '300999')).toBe(every);
    const midea = write({ company: '000333' });
    expect(pageDataSeq(db, '000001', '300999')).toBe(midea);
    expect(pageDataSeq(db, '000333', '000333')).toBe(midea);
    expect(pageDataSeq(db, '600000', '699999')).toBe(every);
    const moutai = write({ company: '600519' });
    write('no-page');
    expect(pageDataSeq(db, '600000', '699999')).toBe(moutai);
    expect(pageDataSeq(db, '000001', '300999')).toBe(midea);
    const again = write();
    expect(pageDataSeq(db, '600000', '699999')).toBe(again);
    expect(pageDataSeq(db, '', '')).toBe(again);
  });

  it('moves for every page when the counter had to be raised at start (rows written by no write path)', () => {
    const behind = currentChangeSeq(db);
    execute(db, "UPDATE top_menus SET change_seq = ? WHERE name = '三'", behind + 9);
    expect(keepChangeSeqAhead(db)).toEqual({ from: behind, to: behind + 9 });
    expect(pageDataSeq(db, '000001', '000002')).toBe(behind + 9);
  });
});
