import type { ModelId } from '@fcf/engine';
import type { CompanyListItem, CoreMenuItem, IndustryBetas, TopMenuItem } from '@fcf/engine/contract';
import type { CompanyBundle, CompanyReport, LeverModelId, LeverValues, WhatIf } from '@fcf/engine/report';
import type { OpenIssue, OutboxEntry, RejectedEdit, SyncRow, SyncState } from '@fcf/engine/sync';
import Dexie, { type Table, type Transaction } from 'dexie';
import type { PdfCategory, PdfFile } from '../api/research-api.ts';
import { currentUser } from '../api/session.ts';
import { giveTheClientAnOwner } from '../sync/client-owner-upgrade.ts';
import { moveLegacyRejections } from '../sync/legacy-rejections.ts';
import { FORMER_BUNDLES_TABLE, moveBundlesToOutOfLineKeys } from './bundle-keys-upgrade.ts';
import { BUNDLES_TABLE, DATABASE_NAME, type StoredBundle, storedBundle } from './bundle-rows.ts';

export type { StoredBundle };

export interface StoredValue<Value> {
  readonly key: string;
  readonly value: Value;
  readonly fetchedAt: number;
}

export type MetaKey = 'companies' | 'top_menus' | 'core_menus' | 'pdf_categories' | 'pdf_files' | 'industry_betas';
export type MetaValue = {
  companies: CompanyListItem[];
  top_menus: TopMenuItem[];
  core_menus: CoreMenuItem[];
  pdf_categories: PdfCategory[];
  pdf_files: PdfFile[];
  industry_betas: IndustryBetas;
};

/** One pulled row, stored under its table and key. */
export type StoredSyncRow = SyncRow;

/**
 * A company's report as the engine computed it, kept so that opening the report again shows it without
 * computing; `key` names everything it was computed from (see stored-reports.ts).
 */
export interface StoredReport {
  readonly code: string;
  readonly key: string;
  readonly report: CompanyReport;
  readonly savedAt: number;
}

/** The custom page's model for one company, and the reader's levers of the story and excess-return models. */
export interface StoredModelChoice {
  readonly model: ModelId;
  readonly levers: Readonly<Partial<Record<LeverModelId, LeverValues>>>;
}

/** A reader's what-if for one company, kept across reloads and offline. */
export interface StoredWhatIf {
  readonly code: string;
  readonly whatIf: WhatIf;
  readonly updatedAt: number;
  /** Absent until the reader chooses a model or sets a lever (store/model-choice.ts). */
  readonly models?: StoredModelChoice;
}

/** A research PDF kept for reading offline ("离线保存"): its metadata and bytes. */
export interface SavedPdf {
  readonly id: number;
  readonly filename: string;
  readonly size: number;
  readonly sha256: string;
  readonly upload_time: string;
  readonly savedAt: number;
  readonly data: ArrayBuffer;
  /**
   * Saved by the reader ("离线保存", never evicted) rather than kept because it was read online (evicted,
   * least recently read first, beyond the cache's size budget). Absent on records from before the cache:
   * those were all saved by the reader.
   */
  readonly pinned?: boolean;
  /** When the reader last opened it (the cache's recency). */
  readonly readAt?: number;
}

/**
 * One sync client of this browser: each signed-in user has their own (docs/sync.md "Identity"), with its
 * state, and its outbox and rejected edits in `clientOutbox` / `clientRejected` under its id.
 */
export interface StoredSyncClient extends SyncState {
  /** Whose client: the username in lower case; '' while no user has it (see dexie-sync-store.ts). */
  readonly owner: string;
  readonly issues: readonly OpenIssue[];
  /** Users the server refused this client to (it is another user's): it is never offered to them again. */
  readonly refusedFor: readonly string[];
  readonly createdAt: number;
}

export type StoredOutboxEntry = OutboxEntry & { readonly clientId: string };
export type StoredRejectedEdit = RejectedEdit & { readonly clientId: string };

/**
 * The browser's offline copy: the company list, menus, each opened company's bundle, the pulled rows,
 * each user's sync client (cursor, outbox, open conflicts and rejected edits), and the research PDFs saved
 * for offline reading.
 */
export class FcfDatabase extends Dexie {
  companyBundles!: Table<StoredBundle, string>;
  lists!: Table<StoredValue<unknown>, string>;
  syncRows!: Table<StoredSyncRow, [string, string]>;
  syncClients!: Table<StoredSyncClient, string>;
  clientOutbox!: Table<StoredOutboxEntry, [string, number]>;
  clientRejected!: Table<StoredRejectedEdit, [string, number]>;
  whatIfs!: Table<StoredWhatIf, string>;
  savedPdfs!: Table<SavedPdf, number>;
  reports!: Table<StoredReport, string>;

  /**
   * `moveBundles`: how the upgrade to version 9 moves the stored bundles (null: they are dropped, for a copy
   * the browser has no room to hold twice while they move; `openOfflineCopy`).
   */
  constructor(
    name = DATABASE_NAME,
    moveBundles: ((transaction: Transaction) => Promise<void>) | null = moveBundlesToOutOfLineKeys,
  ) {
    super(name);
    this.version(1).stores({ [FORMER_BUNDLES_TABLE]: 'code, fetchedAt', lists: 'key' });
    this.version(2).stores({ syncRows: '[table+key], table', outbox: 'id', syncMeta: 'key' });
    this.version(3).stores({ whatIfs: 'code' });
    this.version(4).stores({ savedPdfs: 'id, filename' });
    // Rejected edits get their own list; the outbox and everything else are kept as they are.
    this.version(5).stores({ rejectedEdits: 'id' }).upgrade(moveLegacyRejections);
    this.version(6).stores({ reports: 'code, savedAt' });
    // One sync client per user: the one client of before becomes the signed-in user's.
    this.version(7)
      .stores({
        syncClients: 'clientId, owner',
        clientOutbox: '[clientId+id], clientId',
        clientRejected: '[clientId+id], clientId',
        outbox: null,
        rejectedEdits: null,
        syncMeta: null,
      })
      .upgrade((transaction) => giveTheClientAnOwner(transaction, currentUser()?.username ?? null));
    // The bundles' index on fetchedAt was never read: each write of a bundle also wrote it.
    this.version(8).stores({ [FORMER_BUNDLES_TABLE]: 'code' });
    // Each bundle keyed apart from its row: IndexedDB then writes a row without copying it back to read its key
    // (about a third of what a put costs the download's workers, docs/architecture.md).
    this.version(9)
      .stores({ [BUNDLES_TABLE]: '', [FORMER_BUNDLES_TABLE]: null })
      .upgrade((transaction) => moveBundles?.(transaction));
  }
}

let opening: Promise<FcfDatabase | null> | null = null;

/**
 * The database, or null where IndexedDB cannot be used (private mode, blocked storage): the app then
 * works online-only instead of failing. Opened once: callers while it opens share the one opening.
 */
export function openStore(): Promise<FcfDatabase | null> {
  opening ??= open();
  return opening;
}

async function open(): Promise<FcfDatabase | null> {
  try {
    const db = await openOfflineCopy();
    // Another tab upgrading the schema: close so it can proceed; this tab reopens on next use.
    db.on('versionchange', () => {
      db.close();
      opening = null;
      return false;
    });
    return db;
  } catch (error) {
    console.warn('IndexedDB 不可用，切换为仅在线模式', error);
    return null;
  }
}

async function opened(db: FcfDatabase): Promise<FcfDatabase> {
  // An older tab still holds the previous schema open: it closes on its versionchange, then we proceed.
  db.on('blocked', () => console.warn('另一个标签页正在使用旧版本数据，关闭它后将自动升级'));
  try {
    await db.open();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * The offline copy opened, and upgraded when it is older. The upgrade to version 9 writes every stored bundle
 * again before it drops the former table, in one transaction, so for a while the copy takes twice its room:
 * where the browser has not that much, the upgrade is undone whole (the copy stays at version 8) and would fail
 * again at every start, leaving the app online-only. Then the copy is opened again without its bundles, which
 * "离线下载全部" can fetch again; everything else in it (the outbox, rejected edits, saved PDFs) is kept.
 */
export async function openOfflineCopy(
  moveBundles: (transaction: Transaction) => Promise<void> = moveBundlesToOutOfLineKeys,
): Promise<FcfDatabase> {
  try {
    return await opened(new FcfDatabase(DATABASE_NAME, moveBundles));
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    console.warn('浏览器存储空间不足，无法在升级时保留离线数据：已清除，请重新"离线下载全部"', error);
    return opened(new FcfDatabase(DATABASE_NAME, null));
  }
}

/** A full disk, as the browser reports it, also when Dexie wraps it (`inner`). */
export function isQuotaError(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 4; depth++) {
    if (cause.name === 'QuotaExceededError' || cause.message.includes('Quota')) return true;
    cause = (cause as Error & { inner?: unknown }).inner;
  }
  return false;
}

export async function readList<Key extends MetaKey>(key: Key): Promise<StoredValue<MetaValue[Key]> | undefined> {
  const db = await openStore();
  return (await db?.lists.get(key)) as StoredValue<MetaValue[Key]> | undefined;
}

export async function writeList<Key extends MetaKey>(key: Key, value: MetaValue[Key]): Promise<void> {
  const db = await openStore();
  try {
    await db?.lists.put({ key, value, fetchedAt: Date.now() });
  } catch (error) {
    reportStorageError(error);
  }
}

export async function readBundle(code: string): Promise<StoredBundle | undefined> {
  const db = await openStore();
  return db?.companyBundles.get(code);
}

export async function writeBundle(bundle: CompanyBundle): Promise<void> {
  const db = await openStore();
  try {
    await db?.companyBundles.put(storedBundle(bundle, Date.now()), bundle.company.code);
  } catch (error) {
    reportStorageError(error);
  }
}

/** A full disk must not break reading: warn and go on with what is in memory. */
export function reportStorageError(error: unknown): void {
  const quota = isQuotaError(error);
  console.warn(quota ? '浏览器存储空间已满，离线数据未能保存' : '离线数据保存失败', error);
}

export async function readWhatIf(code: string): Promise<WhatIf | undefined> {
  const db = await openStore();
  return (await db?.whatIfs.get(code))?.whatIf;
}

export async function writeWhatIf(code: string, whatIf: WhatIf): Promise<void> {
  const db = await openStore();
  try {
    if (!db) return;
    // The model chosen and its levers stay as they are: only the FCFF's what-if changes.
    await db.transaction('rw', db.whatIfs, async () => {
      const stored = await db.whatIfs.get(code);
      await db.whatIfs.put({ ...stored, code, whatIf, updatedAt: Date.now() });
    });
  } catch (error) {
    reportStorageError(error);
  }
}

export async function clearWhatIf(code: string): Promise<void> {
  const db = await openStore();
  await db?.whatIfs.delete(code);
}
