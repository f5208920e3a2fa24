import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useSessionUser } from '../../api/session.ts';
import { type WatchlistState, watchlistStore } from './watchlist-store.ts';

/** The signed-in user's watchlist, kept current (offline too); empty and user null when signed out. */
export function useWatchlist(): WatchlistState {
  const user = useSessionUser()?.username ?? null;
  const state = useSyncExternalStore(watchlistStore.subscribe, watchlistStore.snapshot, watchlistStore.snapshot);
  const previous = useRef(user);
  useEffect(() => {
    if (previous.current === user) return;
    previous.current = user;
    void watchlistStore.userChanged();
  }, [user]);
  return state;
}
