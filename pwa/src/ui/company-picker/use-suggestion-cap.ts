import { useSyncExternalStore } from 'react';
import { viewportWidth } from '../use-viewport-width.ts';
import { suggestionCap } from './search.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The suggestion cap for the current viewport; re-renders only when the cap (not every pixel) changes. */
export function useSuggestionCap(): number {
  return useSyncExternalStore(
    subscribe,
    () => suggestionCap(viewportWidth()),
    () => suggestionCap(Number.POSITIVE_INFINITY),
  );
}
