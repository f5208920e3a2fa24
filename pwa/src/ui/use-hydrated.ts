import { startTransition, useEffect, useState } from 'react';

/**
 * Set while React takes over markup rendered ahead of the browser (main.tsx); cleared once the last part of
 * that markup is taken over (TakenOver).
 */
let takingOver = false;

/** React is about to take over the first screen rendered at build time (main.tsx, hydration). */
export function markTakingOver(): void {
  takingOver = true;
}

/**
 * False where markup is rendered ahead of the browser (the home page's first screen in `home.html`,
 * app/first-screen.tsx) and while React takes that markup over; true otherwise. What only the browser knows
 * (the report of the link, the reader's recent companies, the installed app) is drawn once it is true, so
 * the first pass matches the markup and React keeps the page's elements instead of replacing them; the
 * switch is a transition, drawn in slices that give way to a tap (docs/BENCHMARKS.md §9).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !takingOver);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Placed last inside the app's Suspense boundary (App.tsx): React takes over the markup inside a boundary
 * after the rest of the page, so the page is all taken over once this has mounted; components mounted
 * later draw what the browser knows at once.
 */
export function TakenOver(): null {
  useEffect(() => {
    takingOver = false;
  }, []);
  return null;
}
