import type { Transaction } from 'dexie';
import { BUNDLES_TABLE, type StoredBundle } from './bundle-rows.ts';

/** The table of company bundles before version 9, whose rows carried their key (`code`) in the row. */
export const FORMER_BUNDLES_TABLE = 'bundles';
/** Rows moved at a time: the copy of a whole market is some 100 MB, never held at once. */
const ROWS_AT_A_TIME = 200;

/**
 * The upgrade to version 9: every stored bundle moves to the table keyed apart from its row (`BUNDLES_TABLE`),
 * under the same code, in the upgrade's one transaction (Dexie deletes the former table only after it), so an
 * offline copy is moved whole or not at all.
 */
export async function moveBundlesToOutOfLineKeys(transaction: Transaction): Promise<void> {
  const former = transaction.table<StoredBundle, string>(FORMER_BUNDLES_TABLE);
  const moved = transaction.table<StoredBundle, string>(BUNDLES_TABLE);
  const codes = await former.toCollection().primaryKeys();
  for (let at = 0; at < codes.length; at += ROWS_AT_A_TIME) {
    const some = codes.slice(at, at + ROWS_AT_A_TIME);
    // Each row carries its key (the former table's key path): it is put under the same code.
    const rows = (await former.bulkGet(some)).filter((row) => row !== undefined);
    await moved.bulkPut(
      rows,
      rows.map((row) => row.code),
    );
  }
}
