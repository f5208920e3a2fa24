import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSessionUser } from '../api/session.ts';
import { IDLE_SYNC_STATUS, type SyncService, type SyncStatus, syncService } from './sync-service.ts';

const noService = {
  subscribe: () => () => {},
  snapshot: () => IDLE_SYNC_STATUS,
};

/** The signed-in user's sync service, started once the page mounts it (admin pages), and on a change of user. */
export function useSyncService(): SyncService | null {
  const user = useSessionUser()?.username ?? null;
  const [service, setService] = useState<SyncService | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of user is what makes another service
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
  }, [user]);
  return service;
}

/** Online/offline, syncing, last synced at, unsynced count and open conflicts, kept current. */
export function useSyncStatus(service: SyncService | null): SyncStatus {
  const source = service ?? noService;
  return useSyncExternalStore(source.subscribe, source.snapshot, source.snapshot);
}
