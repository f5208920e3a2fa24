import { isScenarioMutation, type OpenIssue, type RejectedEdit, type StoredScenario } from '@fcf/engine/sync';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSessionUser } from '../../api/session.ts';
import { pullScenarios, ScenarioRefused, userScenarioStore } from '../../store/scenarios.ts';
import { type SyncService, syncService } from '../../sync/sync-service.ts';
import { useSyncStatus } from '../../sync/use-sync-status.ts';

export interface SavedScenarios {
  /** The signed-in user (null: signed out, nothing is kept). */
  readonly user: string | null;
  /** The company's scenarios as this browser sees them; null until first read. */
  readonly scenarios: readonly StoredScenario[] | null;
  readonly online: boolean;
  /** The scenario edits the server found stale, to resolve. */
  readonly conflicts: readonly OpenIssue[];
  /** The scenario edits the server refused. */
  readonly rejected: readonly RejectedEdit[];
  readonly service: SyncService | null;
  /** The last save or deletion refused here, in words; null when none. */
  readonly error: string | null;
  save(scenarios: readonly StoredScenario[]): Promise<boolean>;
  remove(id: string): Promise<void>;
}

const isScenarioEdit = (edit: { readonly name: string }) => isScenarioMutation(edit.name);

/**
 * The signed-in user's scenarios of one company, kept current: read from the browser, read again
 * whenever the user's sync service reports (an edit queued, a sync done), and pulled after each sync
 * while the page shows them (the service's after-sync step, as the watchlist does).
 */
export function useSavedScenarios(company: string): SavedScenarios {
  const user = useSessionUser()?.username ?? null;
  const store = useMemo(() => (user ? userScenarioStore(user) : null), [user]);
  const [scenarios, setScenarios] = useState<readonly StoredScenario[] | null>(null);
  const [service, setService] = useState<SyncService | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = useSyncStatus(service);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const run = ++generation.current;
    const listed = store ? await store.list(company) : [];
    if (run === generation.current) setScenarios(listed);
  }, [store, company]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (!user) {
      setService(null);
      return;
    }
    let stop: (() => void) | undefined;
    let cancelled = false;
    void syncService().then((ready) => {
      if (cancelled) return;
      const unsubscribe = ready.subscribe(() => void reload());
      const stopPulling = ready.afterEachSync(() => pullScenarios(user));
      const stopService = ready.start();
      stop = () => {
        unsubscribe();
        stopPulling();
        stopService();
      };
      setService(ready);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [user, reload]);

  const save = useCallback(
    async (batch: readonly StoredScenario[]) => {
      if (!store) return false;
      try {
        for (const scenario of batch) await store.save(scenario);
        setError(null);
        return true;
      } catch (refused) {
        setError(refused instanceof ScenarioRefused ? refused.message : '情景保存失败');
        return false;
      } finally {
        await reload();
      }
    },
    [store, reload],
  );

  const remove = useCallback(
    async (id: string) => {
      if (!store) return;
      await store.remove(id);
      await reload();
    },
    [store, reload],
  );

  return {
    user,
    scenarios,
    online: status.online,
    conflicts: status.issues.filter(isScenarioEdit),
    rejected: status.rejected.filter(isScenarioEdit),
    service,
    error,
    save,
    remove,
  };
}
