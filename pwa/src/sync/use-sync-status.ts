import { useEffect, useState, useSyncExternalStore } from 'react';
import { type SyncService, type SyncStatus, syncService } from './sync-service.ts';

const IDLE: SyncStatus = {
  online: true,
  syncing: false,
  lastSyncedAt: null,
  unsynced: 0,
  issues: [],
  rejected: [],
  needsLogin: false,
  error: null,
};

const noService = {
  subscribe: () => () => {},
  snapshot: () => IDLE,
};

/** The sync service, started once the page mounts it (admin pages). */
export function useSyncService(): SyncService | null {
  const [service, setService] = useState<SyncService | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    syncService().then((ready) => {
      if (cancelled) return;
      stop = ready.start();
      setService(ready);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  return service;
}

/** Online/offline, syncing, last synced at, unsynced count and open conflicts, kept current. */
export function useSyncStatus(service: SyncService | null): SyncStatus {
  const source = service ?? noService;
  return useSyncExternalStore(source.subscribe, source.snapshot, source.snapshot);
}
