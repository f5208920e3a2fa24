import { useSyncExternalStore } from 'react';
import { suggestionCap } from './search.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The suggestion cap for the current viewport; re-renders only when the cap (not every pixel) changes. */
export function useSuggestionCap(): number {
  return useSyncExternalStore(
    subscribe,
    () => suggestionCap(window.innerWidth),
    () => suggestionCap(Number.POSITIVE_INFINITY),
  );
}
