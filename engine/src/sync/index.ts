/**
 * @fcf/engine/sync — the sync protocol between a browser's IndexedDB and the server, and the client half
 * (outbox, pulls, conflicts, rejected edits), shared by both sides.
 */

export * from './args-limits.ts';
export * from './client.ts';
export * from './memory-store.ts';
export * from './mutation-names.ts';
export * from './pending.ts';
export * from './protocol.ts';
export * from './pull-limits.ts';
export * from './rejections.ts';
export * from './scenario-contract.ts';
export * from './scenario-edits.ts';
export * from './watchlist-edits.ts';
